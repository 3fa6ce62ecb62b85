import { useState } from 'react';
import type { AuditEntryView } from '../../../../api/contracts/back-office';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { LiveMessage } from '../../../components/field';
import { Button } from '../../../components/ui/button';
import { useToast } from '../../../components/ui/toast';
import { useAdminCommand } from '../../../lib/back-office';
import { errorMessage } from '../../../lib/http-client';
import { formatAuditChange, changeLabel, type AuditChangeView } from '../audit';
import { canRevertKind, revertChange } from '../api/revert-change';

/** Said once under an entry whose lines are a group of facts (see revertability). */
export const GROUP_OF_FACTS_NOTE = 'Saved as a group: change these back in the provider’s form.';

/** Computed values are recomputed, not reverted; the server says the same if asked. */
const COMPUTED = new Set(['vialScore']);

/** Whether a change can be reverted here, or the sentence that says why not. */
export function revertability(
  entry: AuditEntryView,
  change: AuditChangeView,
): { ok: true } | { ok: false; reason: string | null } {
  if (!canRevertKind(entry.subject.kind)) return { ok: false, reason: null };
  if (COMPUTED.has(change.field)) return { ok: false, reason: null };
  // A line of a group of facts, saved as a whole: changed back in the provider's form (the
  // entry says so once, GROUP_OF_FACTS_NOTE, rather than under each line).
  if (change.kind === 'words') return { ok: false, reason: null };
  if (!('before' in change)) {
    return { ok: false, reason: 'Not revertible: the value before this change is not known.' };
  }
  return { ok: true };
}

/**
 * 'Revert this change' on one field of one entry: asks first (what the field goes back to),
 * then issues the revert; a refusal (changed again since) is shown in the dialog.
 */
export function RevertChangeButton({
  entry,
  change,
}: {
  entry: AuditEntryView;
  change: AuditChangeView;
}) {
  const [open, setOpen] = useState(false);
  const revert = useAdminCommand(revertChange);
  const { toast } = useToast();
  const label = changeLabel(change);
  const close = (next: boolean) => {
    setOpen(next);
    if (!next) revert.reset();
  };
  return (
    <>
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="ml-2 h-8 px-2 text-xs"
        onClick={() => setOpen(true)}
      >
        Revert<span className="sr-only"> this change to {label}</span>
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={close}
        title="Revert this change?"
        description={`${label} of ${entry.subject.name} goes back to ${formatAuditChange(change, 'before')} (it is ${formatAuditChange(change, 'after')} now). The revert is a new change in the audit log.`}
        confirmLabel="Revert"
        pendingLabel="Reverting..."
        variant="default"
        pending={revert.isPending}
        onConfirm={() =>
          revert.mutate(
            { subject: entry.subject, position: entry.position, field: change.field },
            {
              onSuccess: () => {
                setOpen(false);
                toast({ title: `${label} reverted`, variant: 'success' });
              },
            },
          )
        }
      >
        {revert.isError ? (
          <LiveMessage message={errorMessage(revert.error, 'The change could not be reverted.')} />
        ) : null}
      </ConfirmDialog>
    </>
  );
}
