import { useEffect, useId, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Field } from '../../../components/field';
import { Input } from '../../../components/ui/input';
import {
  UNSUBSCRIBE_REASON_MAX,
  validateUnsubscribeReason,
} from '../../../../domain/newsletter/rules';

/**
 * 'Unsubscribe…' on a subscriber's row: the same Inactive the e-mail's link gives, on their
 * behalf (they asked by mail), with a required reason kept in the event and shown in the list.
 * Reversible: subscribing again reactivates them. `error` is the server's message for the
 * reason field (a 400), shown under it.
 */
export function UnsubscribeSubscriberDialog({
  email,
  open,
  onOpenChange,
  pending,
  error,
  onConfirm,
}: {
  email: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  pending: boolean;
  error: string | null;
  onConfirm: (reason: string) => void;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  // A new dialog starts empty; the server's message replaces the browser's own.
  useEffect(() => {
    if (open) {
      setText('');
      setProblem(null);
    }
  }, [open]);
  useEffect(() => setProblem(error), [error]);

  const confirm = () => {
    const checked = validateUnsubscribeReason(text);
    if (!checked.ok) {
      setProblem(checked.error);
      document.getElementById(id)?.focus();
      return;
    }
    setProblem(null);
    onConfirm(checked.reason);
  };

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Unsubscribe subscriber"
      description={`Unsubscribe ${email} from the newsletter and price alerts?`}
      confirmLabel="Unsubscribe"
      pendingLabel="Unsubscribing..."
      pending={pending}
      onConfirm={confirm}
      variant="default"
    >
      <Field
        id={id}
        label="Reason"
        required
        hint="Kept with the change and shown in this list. Subscribing again from the site reactivates the address."
        error={problem ?? undefined}
      >
        <Input
          id={id}
          value={text}
          maxLength={UNSUBSCRIBE_REASON_MAX}
          autoComplete="off"
          required
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${id}-hint${problem ? ` ${id}-error` : ''}`}
          disabled={pending}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              confirm();
            }
          }}
        />
      </Field>
    </ConfirmDialog>
  );
}
