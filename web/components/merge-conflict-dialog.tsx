import { useEffect, useId, useState } from 'react';
import type { FieldConflictView } from '../../api/contracts/http';
import { ConfirmDialog } from './confirm-dialog';

/** Per conflicting field: keep this save's value, or take the other administrator's. */
export type ConflictChoice = 'mine' | 'theirs';

/** A value as one line ('—' when empty, lists joined, yes/no). */
function valueText(value: unknown): string {
  if (value === undefined || value === null || value === '') return '—';
  if (Array.isArray(value)) return value.length === 0 ? '—' : value.map(String).join(', ');
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    return entries.length === 0 ? '—' : entries.map(([k, v]) => `${k} ${String(v)}`).join(', ');
  }
  return String(value);
}

/**
 * Two administrators changed the same fields: each field with both values, 'Keep mine' or
 * 'Take theirs' for each (mine by default), then 'Save again'. Shared by every edit screen
 * whose save can answer 409 with conflicts.
 */
export function MergeConflictDialog({
  conflicts,
  onResolve,
  onCancel,
  pending = false,
}: {
  /** null: closed. */
  conflicts: readonly FieldConflictView[] | null;
  onResolve: (choices: Record<string, ConflictChoice>) => void;
  onCancel: () => void;
  pending?: boolean;
}) {
  const [choices, setChoices] = useState<Record<string, ConflictChoice>>({});
  const name = useId();
  useEffect(() => {
    setChoices(Object.fromEntries((conflicts ?? []).map((c) => [c.field, 'mine' as const])));
  }, [conflicts]);
  return (
    <ConfirmDialog
      open={conflicts !== null}
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
      title="Someone else changed the same fields"
      description="Another administrator saved this while you were editing. Their other changes are kept. For each field below, choose which value to keep, then save again."
      confirmLabel="Save again"
      pendingLabel="Saving..."
      variant="default"
      pending={pending}
      onConfirm={() => onResolve(choices)}
    >
      <div className="grid max-h-[50vh] gap-4 overflow-y-auto">
        {(conflicts ?? []).map((c, i) => (
          <fieldset key={c.field} className="grid gap-2 rounded-md border border-border p-3">
            <legend className="px-1 text-sm font-semibold">{c.label}</legend>
            {(['mine', 'theirs'] as const).map((side) => (
              <label key={side} className="flex min-h-11 items-start gap-2 text-sm">
                <input
                  type="radio"
                  name={`${name}-${i}`}
                  value={side}
                  className="mt-1 size-4"
                  checked={(choices[c.field] ?? 'mine') === side}
                  onChange={() => setChoices((now) => ({ ...now, [c.field]: side }))}
                />
                <span className="[overflow-wrap:anywhere]">
                  <span className="font-medium">
                    {side === 'mine' ? 'Keep mine: ' : 'Take theirs: '}
                  </span>
                  {valueText(side === 'mine' ? c.yours : c.theirs)}
                </span>
              </label>
            ))}
          </fieldset>
        ))}
      </div>
    </ConfirmDialog>
  );
}
