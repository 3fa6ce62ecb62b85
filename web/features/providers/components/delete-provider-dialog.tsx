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

/** Spec section 5: 'Are you sure you want to delete "{name}"?' in an accessible dialog. */
export function DeleteProviderDialog({
  name,
  open,
  deleting,
  onConfirm,
  onOpenChange,
}: {
  name: string;
  open: boolean;
  deleting: boolean;
  onConfirm: () => void;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle>Delete provider</DialogTitle>
          <DialogDescription>Are you sure you want to delete &quot;{name}&quot;?</DialogDescription>
        </DialogHeader>
        <p className="text-sm">
          It disappears from the public rankings at once. Its history stays in the audit log.
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
