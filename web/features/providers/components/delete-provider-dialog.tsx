import { TRASH_DAYS } from '../../../../domain/providers/decider';
import { ConfirmDialog, type ConfirmControl } from '../../../components/confirm-dialog';

/**
 * Spec section 5: 'Are you sure you want to delete "{name}"?' in an accessible dialog; for
 * several, one confirmation naming how many.
 */
export function DeleteProviderDialog({
  names,
  ...control
}: { names: readonly string[] } & ConfirmControl) {
  return (
    <ConfirmDialog
      {...control}
      title={names.length > 1 ? 'Delete providers' : 'Delete provider'}
      description={
        names.length > 1
          ? `Are you sure you want to delete ${names.length} providers?`
          : `Are you sure you want to delete "${names[0] ?? ''}"?`
      }
      confirmLabel={names.length > 1 ? `Delete ${names.length}` : 'Delete'}
      pendingLabel="Deleting..."
    >
      <p className="text-sm">
        {names.length > 1 ? 'They disappear' : 'It disappears'} from the public rankings at once and
        can be restored from the trash for {TRASH_DAYS} days. The history stays in the audit log.
      </p>
    </ConfirmDialog>
  );
}
