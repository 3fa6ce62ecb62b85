import { useRef } from 'react';
import { Link } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import {
  SITE_CONTENT_KEYS,
  contentShape,
  validateSiteContent,
  type SiteContentKey,
} from '../../../../../api/site-content/contracts';
import { SITE_CONTENT_DEFAULTS } from '../../../../../domain/site-content/key-defaults';
import * as kit from '../../../../components/form/form-kit';
import { Button } from '../../../../components/ui/button';
import { useToast } from '../../../../components/ui/toast';
import { errorMessage, isApiError } from '../../../../lib/http-client';
import { useAdminSiteContent, useSetSiteContent } from '../../api/admin-site-content';

interface ContentFormValues {
  content: string;
  active: boolean;
}

/** The editor of one key: its row's content and active flag, or a new row from the built-in text. */
export function SiteContentEditor({
  contentKey,
  onDone,
}: {
  contentKey: SiteContentKey;
  onDone: () => void;
}) {
  const rows = useAdminSiteContent();
  if (rows.isPending) return <p className="text-muted-foreground">Loading site content...</p>;
  if (rows.isError) {
    return (
      <div className="grid gap-3">
        <h1 className="text-2xl font-bold">{SITE_CONTENT_KEYS[contentKey].label}</h1>
        <p role="alert">{errorMessage(rows.error, 'Failed to load site content.')}</p>
        <div>
          <Button onClick={() => void rows.refetch()}>Try again</Button>
        </div>
      </div>
    );
  }
  const row = rows.data.find((r) => r.key === contentKey) ?? null;
  const initial: ContentFormValues = row
    ? { content: prettyContent(contentKey, row.content), active: row.active }
    : { content: SITE_CONTENT_DEFAULTS[contentKey] ?? '', active: true };
  return (
    <ContentForm
      key={row?.updatedAt ?? 'new'}
      contentKey={contentKey}
      exists={row !== null}
      initial={initial}
      onDone={onDone}
    />
  );
}

/** Card lists are stored compact; the editor shows them indented. */
function prettyContent(key: SiteContentKey, content: string): string {
  if (SITE_CONTENT_KEYS[key].type.kind !== 'cards') return content;
  try {
    return JSON.stringify(JSON.parse(content), null, 2);
  } catch {
    return content;
  }
}

function ContentForm({
  contentKey,
  exists,
  initial,
  onDone,
}: {
  contentKey: SiteContentKey;
  exists: boolean;
  initial: ContentFormValues;
  onDone: () => void;
}) {
  const definition = SITE_CONTENT_KEYS[contentKey];
  const save = useSetSiteContent();
  const { toast } = useToast();
  const saved = useRef(false);
  const isList = definition.type.kind === 'cards';

  const form = kit.useAppForm({
    defaultValues: initial,
    validators: {
      onSubmit: ({ value }) => {
        const check = validateSiteContent(contentKey, value.content);
        return check.ok ? undefined : kit.problems({ content: check.message });
      },
      onSubmitAsync: async ({ value }) => {
        try {
          await save.mutateAsync({ key: contentKey, content: value.content, active: value.active });
          return undefined;
        } catch (cause) {
          const message = errorMessage(cause, 'Please try again.');
          toast({ title: 'Failed to save site content', description: message, variant: 'error' });
          const fields = isApiError(cause) ? { ...cause.fields } : {};
          return kit.problems(fields, { fallback: message });
        }
      },
    },
    onSubmit: () => {
      saved.current = true;
      toast({ title: `${definition.label} saved`, variant: 'success' });
      onDone();
    },
  });

  const leavePrompt = kit.useUnsavedChangesPrompt(
    () => !saved.current && JSON.stringify(form.state.values) !== JSON.stringify(initial),
    definition.label,
  );

  return (
    <div className="grid gap-4">
      <Button variant="ghost" asChild className="-ml-3 w-fit">
        <Link to="/admin/site-content">
          <ArrowLeft aria-hidden="true" />
          Back to Site content
        </Link>
      </Button>
      <kit.EditorCard title={`${exists ? 'Edit' : 'Create'} ${definition.label}`}>
        {leavePrompt}
        <p className="mb-6 text-sm text-muted-foreground">
          Key <code>{contentKey}</code>, shown on{' '}
          <a href={definition.page} className="text-primary underline underline-offset-2">
            {definition.page === '/' ? 'the home page (/)' : definition.page}
          </a>
          . {definition.hint}
        </p>
        <form.AppForm>
          <kit.KitForm form={form} className="grid gap-6">
            <form.FormErrorSummary />
            <form.AppField name="content">
              {(f) => (
                <f.TextField
                  label="Content"
                  required
                  rows={isList ? 14 : 4}
                  hint={`Must be ${contentShape(contentKey)}.`}
                  className={isList ? '[&_textarea]:font-mono' : undefined}
                />
              )}
            </form.AppField>
            <form.AppField name="active">
              {(f) => (
                <f.SwitchField
                  label="Active"
                  hint="Inactive content is kept but not shown: the page uses its built-in text."
                />
              )}
            </form.AppField>
            <div className="flex flex-col-reverse gap-2 border-t border-border pt-6 sm:flex-row sm:justify-end">
              <Button variant="outline" onClick={onDone}>
                Cancel
              </Button>
              <form.SubmitButton label="Save content" pendingLabel="Saving..." />
            </div>
          </kit.KitForm>
        </form.AppForm>
      </kit.EditorCard>
    </div>
  );
}
