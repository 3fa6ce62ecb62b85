/**
 * One cost-and-trust section of the provider editor (offers, fees, terms, trust): its own form,
 * its own 'Save' and status, the server's field messages at the fields, the conflict notice on
 * a stale revision, and 'Checked today' for what is saved. Each section saves on its own; the
 * editor hands every section the provider's latest revision.
 */
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { CommandResult } from '../../../../api/contracts/http';
import type { FactGroup } from '../../../../domain/providers/facts';
import { isoDay } from '../../../../domain/providers/facts';
import { Button } from '../../../components/ui/button';
import { LiveMessage } from '../../../components/field';
import { ConflictNotice, errorSummary, type FieldErrors } from '../../../components/form/form-kit';
import { errorMessage, isApiError } from '../../../lib/http-client';
import { useCheckFacts } from '../api/check-facts';
import { GROUP_LABELS, groupAnchor, groupFieldErrors } from '../facts-form';

export interface FactSectionContext {
  providerId: string;
  /** The provider's latest revision known to the editor (sent as expectedRevision). */
  revision: number;
  /** After a save or a check: the provider's new revision. */
  onSaved: (revision: number) => void;
  /** Reads the provider again (after a conflict). */
  onReload: () => Promise<void>;
  websiteUrl: string;
}

type Status = { tone: 'info' | 'error'; message: string } | null;

export function FactSection<V>({
  group,
  description,
  context,
  values,
  validate,
  send,
  toFormErrors = (errors) => errors,
  entered,
  setValues,
  recheck,
  children,
}: {
  group: FactGroup;
  description: string;
  context: FactSectionContext;
  values: V;
  /** The section's problems, from the server's own schema. */
  validate: (values: V) => FieldErrors;
  send: (values: V, expectedRevision: number) => Promise<CommandResult>;
  /** Schema paths -> the section's fields. */
  toFormErrors?: (errors: FieldErrors, values: V) => FieldErrors;
  /** Whether the provider has this group saved (only then can it be checked). */
  entered: boolean;
  /** The form's values change (after 'Checked today': the same values with the new date). */
  setValues: (values: V) => void;
  /** The values as 'Checked today' leaves them (facts-form.ts `rechecked` for one group). */
  recheck: (values: V, checkedOn: string) => V;
  children: (errors: FieldErrors) => ReactNode;
}) {
  const label = GROUP_LABELS[group];
  const [errors, setErrors] = useState<FieldErrors>({});
  const [status, setStatus] = useState<Status>(null);
  const [conflict, setConflict] = useState(false);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(() => JSON.stringify(values));
  const [isEntered, setEntered] = useState(entered);
  // Set when a refusal should move focus to the first invalid field, done once that field is
  // rendered invalid and enabled again (the fieldset is disabled while saving).
  const [focusPending, setFocusPending] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (!focusPending || saving || !formRef.current) return;
    setFocusPending(false);
    focusFirstInvalid(formRef.current);
  }, [focusPending, saving, errors]);
  const check = useCheckFacts();
  const dirty = JSON.stringify(values) !== saved;
  const headingId = `${groupAnchor(group)}-heading`;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    const found = validate(values);
    setErrors(found);
    setConflict(false);
    if (Object.keys(found).length > 0) {
      setStatus({ tone: 'error', message: `${label} not saved. ${errorSummary(found)}` });
      setFocusPending(true);
      return;
    }
    setSaving(true);
    setStatus(null);
    try {
      const result = await send(values, context.revision);
      context.onSaved(result.revision);
      setSaved(JSON.stringify(values));
      setEntered(true);
      setStatus({ tone: 'info', message: `${label} saved.` });
    } catch (cause) {
      if (isApiError(cause) && cause.status === 409) {
        setConflict(true);
        setStatus({ tone: 'error', message: `${label} not saved. ${cause.message}` });
      } else {
        const { byField, other } = isApiError(cause)
          ? groupFieldErrors(cause.fields, group)
          : { byField: {}, other: [] };
        const mapped = toFormErrors(byField, values);
        setErrors(mapped);
        const summary = errorSummary(mapped) || errorMessage(cause, 'Please try again.');
        setStatus({
          tone: 'error',
          message: [`${label} not saved.`, summary, ...other].join(' '),
        });
      }
      setFocusPending(true);
    } finally {
      setSaving(false);
    }
  };

  const checkedToday = async () => {
    if (dirty) {
      setStatus({
        tone: 'error',
        message: `Save the changes to ${label.toLowerCase()} first: 'Checked today' checks what is saved.`,
      });
      return;
    }
    try {
      const result = await check.mutateAsync({ id: context.providerId, group });
      context.onSaved(result.revision);
      const today = isoDay(new Date());
      const next = recheck(values, today);
      setValues(next);
      setSaved(JSON.stringify(next));
      setStatus({ tone: 'info', message: `${label} checked today (${today}).` });
    } catch (cause) {
      setStatus({ tone: 'error', message: errorMessage(cause, 'Please try again.') });
    }
  };

  return (
    <section id={groupAnchor(group)} aria-labelledby={headingId} className="scroll-mt-24">
      <form ref={formRef} onSubmit={(e) => void submit(e)} noValidate className="grid gap-4">
        <FormSectionHeading id={headingId} title={label} description={description} />
        {conflict ? <ConflictNotice what="provider" onReload={context.onReload} /> : null}
        <fieldset disabled={saving} className="grid min-w-0 gap-4">
          {children(errors)}
        </fieldset>
        <LiveMessage
          message={status?.message ?? null}
          tone={status?.tone ?? 'info'}
          className={status ? undefined : 'sr-only'}
        />
        <div className="flex flex-col-reverse gap-2 border-t border-border pt-4 sm:flex-row sm:justify-end">
          <Button
            type="button"
            variant="outline"
            disabled={!isEntered || check.isPending || saving}
            onClick={() => void checkedToday()}
            aria-describedby={isEntered ? undefined : `${headingId}-not-entered`}
          >
            {check.isPending ? 'Checking...' : 'Checked today'}
          </Button>
          <Button type="submit" disabled={saving}>
            {saving ? 'Saving...' : `Save ${label.toLowerCase()}`}
          </Button>
        </div>
        {isEntered ? null : (
          <p id={`${headingId}-not-entered`} className="text-sm text-muted-foreground">
            Save {label.toLowerCase()} once before marking them checked.
          </p>
        )}
      </form>
    </section>
  );
}

/** The section's heading as the kit's FormSection draws it (an h2 and its description). */
function FormSectionHeading({
  id,
  title,
  description,
}: {
  id: string;
  title: string;
  description: string;
}) {
  return (
    <div>
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      <p className="text-sm text-muted-foreground">{description}</p>
    </div>
  );
}

function focusFirstInvalid(form: HTMLFormElement) {
  form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}
