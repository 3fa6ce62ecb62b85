import { SUBSCRIPTION_ADMIN_MESSAGES } from '../../../../api/newsletter/contracts';
import { ConfirmDialog, type ConfirmControl } from '../../../components/confirm-dialog';

/**
 * Spec section 5: the delete confirmation names the subscriber's e-mail ('Are you sure you
 * want to delete ann@example.com?'), in an accessible dialog. Deleting is an erasure.
 */
export function DeleteSubscriptionDialog({
  email,
  ...control
}: { email: string } & ConfirmControl) {
  return (
    <ConfirmDialog
      {...control}
      title="Delete subscription"
      description={SUBSCRIPTION_ADMIN_MESSAGES.confirmDelete(email)}
      confirmLabel="Delete"
      pendingLabel="Deleting..."
    >
      <p className="text-sm">
        The address is erased: it disappears from this list, the export and the audit log, and
        cannot be recovered. The subscriber can subscribe again later.
      </p>
    </ConfirmDialog>
  );
}
