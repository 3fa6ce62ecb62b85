import { useEffect, useMemo, useRef } from 'react';
import { useStore } from '@tanstack/react-form';
import * as kit from '../../../components/form/form-kit';
import { RichTextField } from '../../../components/form/rich-text-field';
import { Button } from '../../../components/ui/button';
import { useToast } from '../../../components/ui/toast';
import { errorMessage, isApiError } from '../../../lib/http-client';
import { useSaveIssue, type IssueView } from '../api/admin-newsletter';
import { issueBody, issueFormErrors, type IssueFormValues } from '../issue-desk';

/** Tiptap, loaded on demand: only the back office's editors pull it in, never a public page. */

const BLANK: IssueFormValues = { subject: '', preheader: '', bodyHtml: '' };

/**
 * The draft's subject, preheader and body (the rich-text editor), saved with PUT (or, for a new
 * blank issue, created with POST). The form edits the version it opened: the desk remounts it
 * (a new `key`) when the saved issue changes. `onDirtyChange` tells the desk whether what is on
 * screen differs from what was saved (the preview and sending use the saved version).
 */
export function IssueEditor({
  issue,
  onDirtyChange,
  onCancel,
}: {
  /** null: a new blank issue, not saved yet. */
  issue: IssueView | null;
  onDirtyChange: (dirty: boolean) => void;
  /** A new blank issue can be abandoned before it is saved. */
  onCancel?: () => void;
}) {
  const initial = useMemo<IssueFormValues>(
    () =>
      issue
        ? { subject: issue.subject, preheader: issue.preheader, bodyHtml: issue.bodyHtml }
        : BLANK,
    [issue],
  );
  const save = useSaveIssue();
  const { toast } = useToast();
  const saved = useRef(false);

  const form = kit.useAppForm({
    defaultValues: initial,
    validators: {
      onSubmit: ({ value }) => kit.problems(issueFormErrors(value)),
      onSubmitAsync: async ({ value }) => {
        try {
          await save.mutateAsync({ id: issue?._id ?? null, body: issueBody(value) });
          return undefined;
        } catch (cause) {
          const message = errorMessage(cause, 'Please try again.');
          toast({ title: 'Failed to save the issue', description: message, variant: 'error' });
          return kit.problems(isApiError(cause) ? { ...cause.fields } : {}, { fallback: message });
        }
      },
    },
    onSubmit: () => {
      saved.current = true;
      toast({ title: issue ? 'Issue saved' : 'Issue created', variant: 'success' });
    },
  });

  const values = useStore(form.store, (s) => s.values);
  const dirty = !saved.current && JSON.stringify(values) !== JSON.stringify(initial);
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  const leavePrompt = kit.useUnsavedChangesPrompt(
    () => !saved.current && JSON.stringify(form.state.values) !== JSON.stringify(initial),
    'this issue',
  );
  const saving = useStore(form.store, (s) => s.isSubmitting);

  return (
    <form.AppForm>
      {leavePrompt}
      <kit.KitForm form={form} className="grid gap-6">
        <form.FormErrorSummary />
        <fieldset disabled={saving} className="grid min-w-0 gap-6">
          <legend className="sr-only">The issue</legend>
          <form.AppField name="subject">
            {(f) => (
              <f.TextField
                label="Subject"
                required
                hint="The e-mail's subject line and the archive page's title; one line, at most 150 characters."
              />
            )}
          </form.AppField>
          <form.AppField name="preheader">
            {(f) => (
              <f.TextField
                label="Preheader"
                hint="The line mail apps show after the subject; at most 200 characters."
              />
            )}
          </form.AppField>
          <form.AppField name="bodyHtml">
            {() => (
              <RichTextField
                label="Body"
                hint="The composed sections are plain HTML you can change: headings, lists, links and images with alt text. Scripts, styles and embeds are removed when saving."
              />
            )}
          </form.AppField>
        </fieldset>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          {onCancel ? (
            <Button variant="outline" onClick={onCancel} disabled={saving}>
              Cancel
            </Button>
          ) : null}
          <form.SubmitButton label={issue ? 'Save' : 'Create issue'} pendingLabel="Saving..." />
        </div>
      </kit.KitForm>
    </form.AppForm>
  );
}
