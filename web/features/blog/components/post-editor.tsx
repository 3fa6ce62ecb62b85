import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useStore } from '@tanstack/react-form';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, ExternalLink, Eye, EyeOff } from 'lucide-react';
import {
  BLOG_ERROR_MESSAGES,
  BLOG_MESSAGES,
  formatAdminDateTime,
  slugify,
  type AdminPostView,
  type PostRevisionView,
  type PreviewLinkView,
} from '../../../../api/blog/contracts';
import type { FieldConflictView } from '../../../../api/contracts/http';
import * as kit from '../../../components/form/form-kit';
import { RichTextField } from '../../../components/form/rich-text-field';
import { LiveMessage } from '../../../components/field';
import { MergeConflictDialog } from '../../../components/merge-conflict-dialog';
import { ChooseImageButton } from '../../../components/media/choose-image-button';
import { Button } from '../../../components/ui/button';
import { Label } from '../../../components/ui/label';
import { Skeleton } from '../../../components/ui/skeleton';
import { Input } from '../../../components/ui/input';
import { useToast } from '../../../components/ui/toast';
import { errorMessage, isApiError } from '../../../lib/http-client';
import { cn } from '../../../lib/utils';
import { adminPostQuery, useAdminPost, usePreviewLink, useSavePost } from '../api/admin-posts';
import * as rules from '../post-form';
import { PostPreviewPanel } from './post-preview-panel';
import { RevisionHistory } from './revision-history';
import { SeoPreview } from './seo-panel';

/** Tiptap, loaded on demand: only the editor's screen pulls it in, never a public page. */

type TextName = Exclude<
  keyof rules.PostFormValues,
  'enableReviewsSchema' | 'publish' | 'content' | 'publishAt'
>;
type TextSpec = kit.TextFieldProps & { name: TextName };

const DETAILS: TextSpec[] = [
  {
    name: 'excerpt',
    label: 'Excerpt',
    rows: 4,
    hint: 'Shown on the blog cards and used as the meta description.',
    className: 'sm:col-span-2',
  },
  {
    name: 'featuredImageUrl',
    label: 'Featured image URL',
    type: 'url',
    placeholder: 'https://',
    hint: 'Also the image of shared links.',
  },
  { name: 'authorName', label: 'Author name', hint: 'Admin when left blank.' },
];

const SEO: TextSpec[] = [
  { name: 'metaTitle', label: 'Meta title', hint: 'Instead of the title in search results.' },
  { name: 'metaKeywords', label: 'Meta keywords', hint: 'Separated by commas.' },
  {
    name: 'metaDescription',
    label: 'Meta description',
    rows: 3,
    hint: 'Instead of the excerpt in search results.',
    className: 'sm:col-span-2',
  },
  {
    name: 'canonicalUrl',
    label: 'Canonical URL',
    type: 'url',
    placeholder: 'https://',
    hint: 'Only when the article first appeared at another address.',
  },
  {
    name: 'ogImageOverride',
    label: 'Social image URL',
    type: 'url',
    placeholder: 'https://',
    hint: 'Instead of the featured image on shared links.',
  },
  {
    name: 'robotsDirective',
    label: 'Robots directive',
    placeholder: 'index, follow',
    hint: "Empty: indexed. For example 'noindex, follow'.",
  },
];

/**
 * /admin/blog/new and /admin/blog/edit/{id}: the post loaded (edit), then the form. A load
 * failure says 'Failed to load post: {message}' and goes back to the list.
 */
export function PostEditScreen({ id, onDone }: { id: string | null; onDone: () => void }) {
  if (id === null) return <PostEditor key="new" post={null} onDone={onDone} onReload={noop} />;
  return <ExistingPost id={id} onDone={onDone} />;
}

const noop = async () => {};

function ExistingPost({ id, onDone }: { id: string; onDone: () => void }) {
  const post = useAdminPost(id);
  const { toast } = useToast();
  // The form edits the version it opened: a refetch after saving must not remount it.
  const [opened, setOpened] = useState<AdminPostView | null>(null);
  useEffect(() => {
    if (post.data && opened === null) setOpened(post.data);
  }, [post.data, opened]);
  useEffect(() => {
    if (!post.isError) return;
    toast({
      title: BLOG_MESSAGES.loadFailed(errorMessage(post.error, 'Unknown error')),
      variant: 'error',
    });
    onDone();
  }, [post.isError, post.error, toast, onDone]);
  if (post.isPending || post.isError) {
    return (
      <div className="grid gap-4" aria-busy="true">
        <Skeleton className="h-10 w-48" />
        <Skeleton className="h-96 w-full" />
      </div>
    );
  }
  const current = opened ?? post.data;
  return (
    <PostEditor
      key={`${current._id}@${current.updatedAt}`}
      post={current}
      onDone={onDone}
      onReload={async () => {
        const fresh = await post.refetch();
        if (fresh.data) setOpened(fresh.data);
      }}
    />
  );
}

function PostEditor({
  post,
  onDone,
  onReload,
}: {
  post: AdminPostView | null;
  onDone: () => void;
  onReload: () => Promise<void>;
}) {
  const initial = useMemo(() => (post ? rules.postToForm(post) : rules.emptyPostForm()), [post]);
  // A published post keeps its address unless the slug is changed by hand (the old one would
  // redirect, but a title tweak should not move a live article); a new post or a draft whose
  // slug still follows its title follows every title edit until the slug is edited.
  const slugEdited = useRef(post !== null && (post.published || post.slug !== slugify(post.title)));
  const saved = useRef(false);
  const [conflict, setConflict] = useState(false);
  const [restored, setRestored] = useState<string | null>(null);
  const [previewOpen, setPreviewOpen] = useState(false);
  // The version the form edits (issue 27): the one opened, then the latest one after another
  // administrator's save was merged into the form. A save names its revision and slug.
  const base = useRef(post ? { revision: post.revision, slug: post.slug, values: initial } : null);
  // Another administrator changed the same fields: both values, to choose from.
  const [merge, setMerge] = useState<FieldConflictView[] | null>(null);
  // The fields whose value the next save keeps over the other save's ('Keep mine').
  const keepMine = useRef<string[]>([]);
  const save = useSavePost();
  const queryClient = useQueryClient();
  const { toast } = useToast();

  const form = kit.useAppForm({
    defaultValues: initial,
    validators: {
      onSubmit: ({ value }) =>
        kit.problems(rules.validatePostForm(value), { first: rules.REQUIRED_MESSAGE }),
      onSubmitAsync: async ({ value }) => {
        setConflict(false);
        const body = rules.formToBody(value);
        const opened = base.current;
        try {
          await save.mutateAsync(
            post && opened
              ? {
                  kind: 'update',
                  id: post._id,
                  body: {
                    ...body,
                    previousSlug: opened.slug,
                    ...(opened.revision === undefined ? {} : { expectedRevision: opened.revision }),
                    ...(keepMine.current.length > 0 ? { keepMine: keepMine.current } : {}),
                  },
                }
              : { kind: 'create', body },
          );
          return undefined;
        } catch (cause) {
          if (post && isApiError(cause) && cause.merge) {
            // Their other changes are taken into the form; the same fields are asked about.
            await rebaseOnLatest(post._id);
            setMerge(cause.merge.conflicts);
            return { summary: '', byField: {} };
          }
          if (!isApiError(cause)) {
            const message = cause instanceof Error ? cause.message : '';
            toast({ title: BLOG_MESSAGES.saveFailed(message), variant: 'error' });
            return kit.problems({}, { fallback: BLOG_MESSAGES.saveFailed(message) });
          }
          toast({
            title: post
              ? BLOG_MESSAGES.updateFailed(cause.message)
              : BLOG_MESSAGES.createFailed(cause.message),
            variant: 'error',
          });
          const slugTaken = cause.message === BLOG_ERROR_MESSAGES.slug_taken;
          if (cause.status === 409 && post && !slugTaken) {
            setConflict(true); // The notice says what happened and offers the reload.
            return { summary: '', byField: {} };
          }
          const byField: Record<string, string> = { ...cause.fields };
          if (slugTaken) byField.slug = cause.message;
          return kit.problems(byField, { first: rules.REQUIRED_MESSAGE, fallback: cause.message });
        }
      },
    },
    onSubmitInvalid: ({ value }) => {
      if (Object.values(rules.validatePostForm(value)).includes(rules.REQUIRED_MESSAGE))
        toast({ title: rules.REQUIRED_MESSAGE, variant: 'error' });
    },
    onSubmit: () => {
      saved.current = true;
      toast({
        title: post ? BLOG_MESSAGES.updated : BLOG_MESSAGES.created,
        variant: 'success',
      });
      onDone();
    },
  });

  /** The form moved onto the latest saved version, keeping what this administrator changed. */
  async function rebaseOnLatest(id: string) {
    const latest = await queryClient
      .fetchQuery({ ...adminPostQuery(id), staleTime: 0 })
      .catch(() => null);
    const opened = base.current;
    if (!latest || !opened) return;
    const latestValues = rules.postToForm(latest);
    setValues(rules.rebaseForm(opened.values, latestValues, form.state.values));
    base.current = { revision: latest.revision, slug: latest.slug, values: latestValues };
    slugEdited.current = true;
  }

  function setValues(next: rules.PostFormValues) {
    for (const name of Object.keys(next) as (keyof rules.PostFormValues)[]) {
      if (form.getFieldValue(name) !== next[name]) form.setFieldValue(name, next[name]);
    }
  }

  const values = useStore(form.store, (s) => s.values);
  const saving = useStore(form.store, (s) => s.isSubmitting);
  const dirty = JSON.stringify(values) !== JSON.stringify(initial);
  const leavePrompt = kit.useUnsavedChangesPrompt(
    () => !saved.current && JSON.stringify(form.state.values) !== JSON.stringify(initial),
    'this post',
  );
  const texts = (specs: TextSpec[]) =>
    specs.map(({ name, ...props }) => (
      <form.AppField key={name} name={name}>
        {(f) => <f.TextField {...props} />}
      </form.AppField>
    ));

  const restore = (revision: PostRevisionView) => {
    setValues(rules.revisionToForm(revision, form.state.values));
    slugEdited.current = true;
    setRestored(
      `The version saved ${formatAdminDateTime(revision.at)} UTC is in the editor. Check it, then choose Update Post to save it as a new edit: until then these are unsaved changes.`,
    );
  };
  const previewId = 'post-live-preview';

  return (
    <div className="grid gap-6">
      {leavePrompt}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button variant="ghost" asChild className="-ml-3 w-fit">
          <Link to="/admin/blog">
            <ArrowLeft aria-hidden="true" />
            Back to Blog
          </Link>
        </Button>
        <Button
          type="button"
          variant={previewOpen ? 'secondary' : 'outline'}
          aria-expanded={previewOpen}
          aria-controls={previewOpen ? previewId : undefined}
          onClick={() => setPreviewOpen(!previewOpen)}
        >
          {previewOpen ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
          Live preview
        </Button>
      </div>
      {previewOpen ? (
        <p className="text-sm text-muted-foreground xl:hidden">
          The preview takes the form’s place on this screen: choose Live preview again to go back to
          the form.
        </p>
      ) : null}
      <div
        className={cn(
          'grid min-w-0 gap-6',
          previewOpen && 'xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] xl:items-start',
        )}
      >
        <div className={cn('min-w-0', previewOpen && 'max-xl:hidden')}>
          <kit.EditorCard title="Post Details">
            <form.AppForm>
              <kit.KitForm form={form} className="grid gap-8">
                <form.FormErrorSummary />
                {conflict ? <kit.ConflictNotice what="post" onReload={onReload} /> : null}
                <MergeConflictDialog
                  conflicts={merge}
                  pending={saving}
                  onCancel={() => setMerge(null)}
                  onResolve={(choices) => {
                    const conflicts = merge ?? [];
                    const theirs = conflicts
                      .filter((c) => choices[c.field] === 'theirs')
                      .map((c) => c.field);
                    if (base.current) {
                      setValues(rules.takeTheirs(form.state.values, base.current.values, theirs));
                    }
                    keepMine.current = conflicts
                      .filter((c) => choices[c.field] !== 'theirs')
                      .map((c) => c.field);
                    setMerge(null);
                    void form.handleSubmit();
                  }}
                />
                <LiveMessage message={restored} tone="info" />
                <fieldset disabled={saving} className="grid min-w-0 gap-8">
                  <kit.FormSection title="Post">
                    <form.AppField
                      name="title"
                      listeners={{
                        onChange: ({ value }) => {
                          if (!slugEdited.current) form.setFieldValue('slug', slugify(value));
                        },
                      }}
                    >
                      {(f) => <f.TextField label="Title" required />}
                    </form.AppField>
                    <form.AppField
                      name="slug"
                      listeners={{
                        onChange: ({ value }) => {
                          slugEdited.current = value !== slugify(form.getFieldValue('title'));
                        },
                      }}
                    >
                      {(f) => (
                        <f.TextField
                          label="Slug"
                          hint={`The address: /blog/${f.state.value || 'generated-from-the-title'}`}
                        />
                      )}
                    </form.AppField>
                    {texts(DETAILS)}
                    <form.AppField name="featuredImageUrl">
                      {(f) => (
                        <ChooseImageButton
                          purpose="for the featured image"
                          onChoose={({ url }) => f.handleChange(url)}
                        />
                      )}
                    </form.AppField>
                    <form.AppField name="content">
                      {() => (
                        <RichTextField
                          label="Content"
                          className="sm:col-span-2"
                          hint="Headings, lists, links, images with alt text and quotes. Scripts, styles and embeds are removed when saving."
                        />
                      )}
                    </form.AppField>
                  </kit.FormSection>

                  <kit.FormSection title="Publishing">
                    <form.AppField name="publish">
                      {(f) => (
                        <f.SwitchField
                          label="Publish immediately"
                          hint="Off: saved as a draft, not shown on the blog."
                        />
                      )}
                    </form.AppField>
                    <form.AppField name="publishAt">{() => <PublishAtField />}</form.AppField>
                  </kit.FormSection>

                  <kit.FormSection
                    title="Search engines and sharing"
                    description="Optional. Empty fields use the title, the excerpt and the featured image."
                  >
                    {texts(SEO)}
                    <form.AppField name="enableReviewsSchema">
                      {(f) => (
                        <f.SwitchField
                          label="Expert Review badge"
                          hint="Shows the 'Expert Review' badge on the article."
                        />
                      )}
                    </form.AppField>
                    <SeoPreview values={values} />
                  </kit.FormSection>
                </fieldset>

                {post ? <PreviewLink postId={post._id} dirty={dirty} /> : null}

                <p role="status" className={dirty ? 'text-sm font-medium' : 'sr-only'}>
                  {dirty
                    ? `Unsaved changes: choose ${post ? 'Update Post' : 'Create Post'} to save them.`
                    : ''}
                </p>
                <form.FormFooter
                  submitLabel={post ? 'Update Post' : 'Create Post'}
                  onCancel={onDone}
                />
              </kit.KitForm>
            </form.AppForm>
          </kit.EditorCard>
        </div>
        {previewOpen ? (
          <PostPreviewPanel
            id={previewId}
            values={values}
            publishedAt={post?.publishedAt ?? null}
            className="xl:sticky xl:top-20 xl:max-h-[calc(100dvh-6rem)] xl:overflow-y-auto"
          />
        ) : null}
      </div>
      {post ? (
        <RevisionHistory
          postId={post._id}
          current={{ title: values.title, excerpt: values.excerpt, content: values.content }}
          onRestore={restore}
          disabled={saving}
        />
      ) : null}
    </div>
  );
}

/** A future time to publish at instead of now (scheduled publishing), in local time. */
function PublishAtField() {
  const { field, id, error } = kit.useBoundField<string>();
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>Publish at (scheduled)</Label>
      <Input
        id={id}
        type="datetime-local"
        value={field.state.value}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        onChange={(e) => field.handleChange(e.target.value)}
        onBlur={field.handleBlur}
      />
      <p id={`${id}-hint`} className="text-sm text-muted-foreground">
        Your local time. Leave empty to publish now or keep a draft.
      </p>
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A signed, noindex preview address of the post as last saved. */
function PreviewLink({ postId, dirty }: { postId: string; dirty: boolean }) {
  const preview = usePreviewLink();
  const [link, setLink] = useState<PreviewLinkView | null>(null);
  return (
    <div className="grid gap-2 rounded-md border border-border bg-surface p-4 text-sm">
      <div className="flex flex-wrap items-center gap-3">
        <Button
          type="button"
          variant="outline"
          disabled={preview.isPending}
          onClick={() => preview.mutate(postId, { onSuccess: setLink })}
        >
          {preview.isPending ? 'Creating link...' : 'Preview draft'}
        </Button>
        {link ? (
          <a
            href={link.path}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex min-h-11 items-center gap-1 font-medium text-primary underline underline-offset-4"
          >
            Open preview
            <ExternalLink aria-hidden="true" className="size-4" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        ) : null}
      </div>
      <p className="text-muted-foreground">
        {link
          ? `Anyone with this link can read the post as last saved until ${formatAdminDateTime(link.expiresAt)} UTC. Search engines are told not to index it.`
          : 'A private link to the post as last saved, valid for one hour.'}
        {dirty ? ' Save first to preview your latest changes.' : ''}
      </p>
      <LiveMessage
        message={preview.isError ? errorMessage(preview.error, 'Could not create the link.') : null}
      />
    </div>
  );
}
