import { SUBSCRIPTION_ADMIN_MESSAGES } from '../../../../api/newsletter/contracts';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';

/**
 * Spec section 5: the delete confirmation names the subscriber's e-mail ('Are you sure you
 * want to delete ann@example.com?'), in an accessible dialog. Deleting is an erasure.
 */
export function DeleteSubscriptionDialog({
  email,
  open,
  deleting,
  onConfirm,
  onOpenChange,
}: {
  email: string;
  open: boolean;
  deleting: boolean;
  onConfirm: () => void;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle>Delete subscription</DialogTitle>
          <DialogDescription>{SUBSCRIPTION_ADMIN_MESSAGES.confirmDelete(email)}</DialogDescription>
        </DialogHeader>
        <p className="text-sm">
          The address is erased: it disappears from this list, the export and the audit log, and
          cannot be recovered. The subscriber can subscribe again later.
        </p>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={deleting}>
              Cancel
            </Button>
          </DialogClose>
          <Button variant="destructive" disabled={deleting} onClick={onConfirm}>
            {deleting ? 'Deleting...' : 'Delete'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
