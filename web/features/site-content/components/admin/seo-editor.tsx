import { useId, useRef, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useStore } from '@tanstack/react-form';
import { ArrowLeft } from 'lucide-react';
import {
  ROBOTS_DIRECTIVES,
  SEO_FIELD_NAMES,
  SEO_LIMITS,
  SERP_DESCRIPTION_CHARS,
  SERP_TITLE_CHARS,
  cutForPreview,
  seoPageRefFromPath,
  seoPath,
  validateSeoOverride,
  type SeoPageType,
} from '../../../../../api/site-content/contracts';
import { ConfirmDialog } from '../../../../components/confirm-dialog';
import * as kit from '../../../../components/form/form-kit';
import { Field, describedBy } from '../../../../components/field';
import { Button } from '../../../../components/ui/button';
import { useToast } from '../../../../components/ui/toast';
import { toastOutcome } from '../../../../components/ui/toast-outcome';
import { errorMessage, isApiError } from '../../../../lib/http-client';
import {
  useAdminSeoOverrides,
  useRemoveSeoOverride,
  useSaveSeoOverride,
  type SeoOverrideInput,
} from '../../api/admin-site-content';

type SeoFormValues = SeoOverrideInput;

const EMPTY: SeoFormValues = {
  path: '',
  metaTitle: '',
  metaDescription: '',
  metaKeywords: '',
  canonicalUrl: '',
  ogImageUrl: '',
  robotsDirective: '',
};

/**
 * The editor of one page's override (`page` given) or a new one (the page typed as a path),
 * with a live search-result preview and social card preview.
 */
export function SeoEditor({
  page,
  onDone,
}: {
  page: { pageType: SeoPageType; pageSlug: string } | null;
  onDone: () => void;
}) {
  const overrides = useAdminSeoOverrides();
  if (!page) return <SeoForm initial={EMPTY} exists={false} onDone={onDone} />;
  if (overrides.isPending) return <p className="text-muted-foreground">Loading the override...</p>;
  if (overrides.isError) {
    return (
      <div className="grid gap-3">
        <h1 className="text-2xl font-bold">SEO override</h1>
        <p role="alert">{errorMessage(overrides.error, 'Failed to load the SEO overrides.')}</p>
        <div>
          <Button onClick={() => void overrides.refetch()}>Try again</Button>
        </div>
      </div>
    );
  }
  const path = seoPath(page);
  const found = overrides.data.find((o) => o.path === path);
  const initial: SeoFormValues = found
    ? ({
        path,
        ...Object.fromEntries(SEO_FIELD_NAMES.map((name) => [name, found[name]])),
      } as SeoFormValues)
    : { ...EMPTY, path };
  return (
    <SeoForm
      key={found?.updatedAt ?? path}
      initial={initial}
      exists={found !== undefined}
      onDone={onDone}
    />
  );
}

function SeoForm({
  initial,
  exists,
  onDone,
}: {
  initial: SeoFormValues;
  exists: boolean;
  onDone: () => void;
}) {
  const save = useSaveSeoOverride();
  const { toast } = useToast();
  const saved = useRef(false);

  const form = kit.useAppForm({
    defaultValues: initial,
    validators: {
      onSubmit: ({ value }) => {
        const check = validateSeoOverride(value);
        return check.ok ? undefined : kit.problems(check.fields as kit.FieldErrors);
      },
      onSubmitAsync: async ({ value }) => {
        try {
          await save.mutateAsync(value);
          return undefined;
        } catch (cause) {
          const message = errorMessage(cause, 'Please try again.');
          toast({
            title: 'Failed to save the SEO override',
            description: message,
            variant: 'error',
          });
          return kit.problems(isApiError(cause) ? { ...cause.fields } : {}, { fallback: message });
        }
      },
    },
    onSubmit: () => {
      saved.current = true;
      toast({ title: 'SEO override saved', variant: 'success' });
      onDone();
    },
  });

  const leavePrompt = kit.useUnsavedChangesPrompt(
    () => !saved.current && JSON.stringify(form.state.values) !== JSON.stringify(initial),
    'this SEO override',
  );
  const values = useStore(form.store, (s) => s.values);

  const text = (
    name: Exclude<keyof SeoFormValues, 'path' | 'robotsDirective'>,
    label: string,
    props: { rows?: number; type?: 'url'; hint: string },
  ) => <form.AppField name={name}>{(f) => <f.TextField label={label} {...props} />}</form.AppField>;

  return (
    <div className="grid gap-4">
      <Button variant="ghost" asChild className="-ml-3 w-fit">
        <Link to="/admin/seo">
          <ArrowLeft aria-hidden="true" />
          Back to SEO overrides
        </Link>
      </Button>
      <kit.EditorCard title={exists ? `SEO override of ${initial.path}` : 'New SEO override'}>
        {leavePrompt}
        <div className="grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <form.AppForm>
            <kit.KitForm form={form} className="grid content-start gap-5">
              <form.FormErrorSummary />
              {exists ? (
                <p className="text-sm">
                  Page: <code>{initial.path}</code>
                </p>
              ) : (
                <form.AppField name="path">
                  {(f) => (
                    <f.TextField
                      label="Page path"
                      required
                      placeholder="/blog"
                      hint="A public page: /blog, /about, / (home), /near/{city} or /near/state/{state}."
                    />
                  )}
                </form.AppField>
              )}
              {text('metaTitle', 'Meta title', {
                hint: `Search results show about ${SERP_TITLE_CHARS} characters (at most ${SEO_LIMITS.metaTitle}).`,
              })}
              {text('metaDescription', 'Meta description', {
                rows: 3,
                hint: `Search results show about ${SERP_DESCRIPTION_CHARS} characters (at most ${SEO_LIMITS.metaDescription}).`,
              })}
              {text('metaKeywords', 'Meta keywords', { hint: 'Comma-separated.' })}
              {text('canonicalUrl', 'Canonical URL', {
                type: 'url',
                hint: 'An absolute http:// or https:// address.',
              })}
              {text('ogImageUrl', 'Social image URL (og:image)', {
                type: 'url',
                hint: 'An absolute http:// or https:// address of an image, 1200 × 630 works best.',
              })}
              <form.AppField name="robotsDirective">{() => <RobotsField />}</form.AppField>
              <div className="flex flex-col-reverse gap-2 border-t border-border pt-6 sm:flex-row sm:justify-between">
                {exists ? <RemoveOverride path={initial.path} onRemoved={onDone} /> : <span />}
                <div className="flex flex-col-reverse gap-2 sm:flex-row">
                  <Button variant="outline" onClick={onDone}>
                    Cancel
                  </Button>
                  <form.SubmitButton label="Save override" pendingLabel="Saving..." />
                </div>
              </div>
            </kit.KitForm>
          </form.AppForm>
          <SeoPreview values={values} />
        </div>
      </kit.EditorCard>
    </div>
  );
}

function RobotsField() {
  const { field, id, error } = kit.useBoundField<string>();
  return (
    <Field
      id={id}
      label="Robots directive"
      hint="Page default: indexed, except the pages that say otherwise (search, 404)."
      error={error}
    >
      <select
        {...describedBy(id, error, true)}
        name={field.name}
        value={field.state.value}
        onChange={(e) => field.handleChange(e.target.value)}
        onBlur={field.handleBlur}
        className="h-11 rounded-md border border-input bg-background px-3 text-sm"
      >
        <option value="">Page default</option>
        {ROBOTS_DIRECTIVES.map((d) => (
          <option key={d} value={d}>
            {d}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** How the page would look in a search result and as a shared link, as the fields stand. */
function SeoPreview({ values }: { values: SeoFormValues }) {
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  const url = values.canonicalUrl || `${origin}${values.path || '/'}`;
  const title = values.metaTitle || '(the page’s own title)';
  const description = values.metaDescription || '(the page’s own description)';
  const headingId = useId();
  const socialId = useId();
  let host = url;
  try {
    host = new URL(url).host;
  } catch {
    // Not a URL yet: the preview shows what was typed.
  }
  return (
    <div className="grid content-start gap-6">
      <section aria-labelledby={headingId} className="grid gap-2">
        <h2 id={headingId} className="text-lg font-semibold">
          Search result preview
        </h2>
        <div className="rounded-lg border border-border bg-card p-4">
          <p className="truncate text-sm text-muted-foreground">{url}</p>
          <p className="mt-1 text-lg leading-snug text-primary">
            {cutForPreview(title, SERP_TITLE_CHARS)}
          </p>
          <p className="mt-1 text-sm leading-6 text-muted-foreground">
            {cutForPreview(description, SERP_DESCRIPTION_CHARS)}
          </p>
          {values.robotsDirective.startsWith('noindex') ? (
            <p className="mt-2 text-sm font-medium text-destructive">
              noindex: search engines will not list this page.
            </p>
          ) : null}
        </div>
      </section>
      <section aria-labelledby={socialId} className="grid gap-2">
        <h2 id={socialId} className="text-lg font-semibold">
          Social card preview
        </h2>
        <div className="overflow-hidden rounded-lg border border-border bg-card">
          {values.ogImageUrl ? (
            <div className="flex aspect-[1200/630] items-center justify-center bg-muted p-4 text-center text-sm text-muted-foreground">
              Image: <span className="break-all">{values.ogImageUrl}</span>
            </div>
          ) : (
            <div className="flex aspect-[1200/630] items-center justify-center bg-muted text-sm text-muted-foreground">
              The site&apos;s default image
            </div>
          )}
          <div className="grid gap-1 p-4">
            <p className="text-xs uppercase text-muted-foreground">{host}</p>
            <p className="font-semibold">{cutForPreview(title, SERP_TITLE_CHARS)}</p>
            <p className="text-sm text-muted-foreground">
              {cutForPreview(description, SERP_DESCRIPTION_CHARS)}
            </p>
          </div>
        </div>
      </section>
    </div>
  );
}

function RemoveOverride({ path, onRemoved }: { path: string; onRemoved: () => void }) {
  const [open, setOpen] = useState(false);
  const remove = useRemoveSeoOverride();
  const onConfirm = () => {
    const page = seoPageRefFromPath(path);
    if (!page) return;
    remove.mutate(
      page,
      toastOutcome({
        success: 'SEO override removed',
        failure: 'Failed to remove the SEO override',
        onSuccess: () => {
          setOpen(false);
          onRemoved();
        },
      }),
    );
  };
  return (
    <>
      <Button variant="destructive" onClick={() => setOpen(true)}>
        Remove override
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={`Remove the SEO override of ${path}?`}
        description="The page goes back to its own defaults."
        cancelLabel="Keep it"
        confirmLabel="Remove"
        pendingLabel="Removing..."
        pending={remove.isPending}
        onConfirm={onConfirm}
      />
    </>
  );
}
