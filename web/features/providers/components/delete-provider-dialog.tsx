import { TRASH_DAYS } from '../../../../domain/providers/decider';
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
 * Spec section 5: 'Are you sure you want to delete "{name}"?' in an accessible dialog; for
 * several, one confirmation naming how many.
 */
export function DeleteProviderDialog({
  names,
  open,
  deleting,
  onConfirm,
  onOpenChange,
}: {
  names: readonly string[];
  open: boolean;
  deleting: boolean;
  onConfirm: () => void;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle>{names.length > 1 ? 'Delete providers' : 'Delete provider'}</DialogTitle>
          <DialogDescription>
            {names.length > 1
              ? `Are you sure you want to delete ${names.length} providers?`
              : `Are you sure you want to delete "${names[0] ?? ''}"?`}
          </DialogDescription>
        </DialogHeader>
        <p className="text-sm">
          {names.length > 1 ? 'They disappear' : 'It disappears'} from the public rankings at once
          and can be restored from the trash for {TRASH_DAYS} days. The history stays in the audit
          log.
        </p>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={deleting}>
              Cancel
            </Button>
          </DialogClose>
          <Button variant="destructive" disabled={deleting} onClick={onConfirm}>
            {deleting ? 'Deleting...' : names.length > 1 ? `Delete ${names.length}` : 'Delete'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
