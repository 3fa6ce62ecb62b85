import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { ArrowDown, ArrowUp, Pencil, Trash2 } from 'lucide-react';
import {
  KEYWORD_PAGE_SIZES,
  keywordSearchPath,
  type KeywordView,
} from '../../../../api/keywords/contracts';
import { keywordFieldsSchema } from '../../../../domain/keywords/fields';
import { type DataColumn } from '../../../components/data-table/data-table';
import { EmptyNote, ListPage } from '../../../components/data-table/list-page';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import * as kit from '../../../components/form/form-kit';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Field, describedBy } from '../../../components/field';
import { useToast } from '../../../components/ui/toast';
import { toastOutcome } from '../../../components/ui/toast-outcome';
import { errorMessage, isApiError } from '../../../lib/http-client';
import {
  useAdminKeywordPage,
  useDeleteKeyword,
  useMoveKeyword,
  useSaveKeyword,
  useSetKeywordActive,
  type KeywordSearch,
} from '../api/admin-keywords';

const STATUS_LABELS = { active: 'Active', inactive: 'Inactive' } as const;

/**
 * /admin/keywords: the trending keywords in their public order on the data-table kit. Search,
 * status and page live in the URL (`search`); the server filters and pages. Above the list, the
 * form adds a keyword or edits the one chosen.
 */
export function KeywordsAdmin({
  search,
  onSearchChange,
}: {
  search: KeywordSearch;
  onSearchChange: (next: KeywordSearch) => void;
}) {
  const params = { page: 1, pageSize: 25, ...search };
  const keywords = useAdminKeywordPage(params);
  const [editing, setEditing] = useState<KeywordView | null>(null);
  const [deleting, setDeleting] = useState<KeywordView | null>(null);
  const searchId = useId();
  const statusId = useId();
  const move = useMoveKeyword();
  const setActive = useSetKeywordActive();
  const remove = useDeleteKeyword();
  const count = keywords.data?.count ?? 0;

  const onMove = (k: KeywordView, direction: 'up' | 'down') =>
    move.mutate(
      { id: k.id, move: { direction } },
      toastOutcome({
        success: `Moved "${k.keyword}" ${direction}`,
        failure: 'Failed to move keyword',
      }),
    );

  const onToggle = (k: KeywordView) =>
    setActive.mutate(
      { id: k.id, active: !k.active },
      toastOutcome({
        success: k.active ? `Deactivated "${k.keyword}"` : `Activated "${k.keyword}"`,
        failure: 'Failed to update keyword',
      }),
    );

  const onDelete = () => {
    if (!deleting) return;
    const k = deleting;
    remove.mutate(
      k.id,
      toastOutcome({
        success: 'Keyword deleted successfully',
        failure: 'Failed to delete keyword',
        onSuccess: () => {
          setDeleting(null);
          if (editing?.id === k.id) setEditing(null);
        },
      }),
    );
  };

  const busy = move.isPending || setActive.isPending;
  const actions = (k: KeywordView) => (
    <div className="flex flex-wrap gap-1">
      <Button
        variant="ghost"
        size="icon"
        aria-label={`Move "${k.keyword}" up`}
        disabled={busy || k.position <= 1}
        onClick={() => onMove(k, 'up')}
      >
        <ArrowUp aria-hidden="true" />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        aria-label={`Move "${k.keyword}" down`}
        disabled={busy || k.position >= count}
        onClick={() => onMove(k, 'down')}
      >
        <ArrowDown aria-hidden="true" />
      </Button>
      <Button
        variant="outline"
        size="sm"
        className="h-11"
        disabled={busy}
        onClick={() => onToggle(k)}
      >
        {k.active ? 'Deactivate' : 'Activate'}
        <span className="sr-only"> "{k.keyword}"</span>
      </Button>
      <Button
        variant="ghost"
        size="icon"
        aria-label={`Edit "${k.keyword}"`}
        onClick={() => setEditing(k)}
      >
        <Pencil aria-hidden="true" />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        aria-label={`Delete "${k.keyword}"`}
        onClick={() => setDeleting(k)}
      >
        <Trash2 aria-hidden="true" className="text-destructive" />
      </Button>
    </div>
  );

  const statusBadge = (k: KeywordView) =>
    k.active ? <Badge variant="secondary">Active</Badge> : <Badge variant="muted">Inactive</Badge>;

  const columns: DataColumn<KeywordView>[] = [
    {
      id: 'position',
      header: 'Order',
      cell: (k) => <span className="tabular-nums">{k.position}</span>,
    },
    {
      id: 'keyword',
      header: 'Keyword',
      hideable: false,
      cell: (k) => (
        <span className="grid">
          <a
            href={keywordSearchPath(k.keyword)}
            className="font-medium text-primary underline underline-offset-2"
          >
            {k.keyword}
          </a>
          {k.note ? <span className="text-sm text-muted-foreground">{k.note}</span> : null}
        </span>
      ),
    },
    { id: 'category', header: 'Category', cell: (k) => k.category || '—' },
    { id: 'status', header: 'Status', cell: statusBadge },
    { id: 'actions', header: 'Actions', hideable: false, cell: actions },
  ];

  const rows = keywords.data?.rows ?? [];
  const total = keywords.data?.total ?? 0;

  return (
    <ListPage
      title="Trending keywords"
      description={
        <p className="text-sm text-muted-foreground">
          The active keywords show on the public{' '}
          <a href="/trending-keywords" className="text-primary underline underline-offset-2">
            Trending Keywords
          </a>{' '}
          page in this order, each linking to the site search for it.
        </p>
      }
      intro={
        <KeywordForm
          key={editing?.id ?? 'new'}
          keyword={editing}
          count={count}
          onDone={() => setEditing(null)}
        />
      }
      url={{
        search,
        onSearchChange,
        searchBox: {
          id: searchId,
          label: 'Search keywords',
          placeholder: 'Search keywords or categories...',
        },
        statusFilter: { id: statusId, allLabel: 'All keywords', labels: STATUS_LABELS },
        pager: { page: params.page, pageSize: params.pageSize, pageSizes: KEYWORD_PAGE_SIZES },
      }}
      query={keywords}
      rows={rows}
      total={total}
      noun={['keyword', 'keywords']}
      empty={
        <EmptyNote>
          {search.q || search.status
            ? 'No keywords match these filters.'
            : 'No keywords yet. Add the first one above.'}
        </EmptyNote>
      }
      table={{
        label: 'Trending keywords',
        rowId: (k) => k.id,
        rowName: (k) => k.keyword,
        columns,
        renderCard: (k) => (
          <article className="grid gap-2 rounded-lg border border-border bg-card p-4 shadow-card">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 className="text-base font-medium">
                <span className="tabular-nums text-muted-foreground">{k.position}. </span>
                {k.keyword}
              </h2>
              {statusBadge(k)}
            </div>
            {k.category ? <p className="text-sm text-muted-foreground">{k.category}</p> : null}
            {actions(k)}
          </article>
        ),
      }}
    >
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? null : setDeleting(null))}
        title="Delete keyword"
        description={`Are you sure you want to delete ${deleting?.keyword ?? ''}?`}
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        pending={remove.isPending}
        onConfirm={onDelete}
      >
        <p className="text-sm">
          It disappears from the public Trending Keywords page at once. The history stays in the
          audit log.
        </p>
      </ConfirmDialog>
    </ListPage>
  );
}

/** Adds a keyword, or edits `keyword`: the form kit, the server's schema, its 400s per field. */
function KeywordForm({
  keyword,
  count,
  onDone,
}: {
  keyword: KeywordView | null;
  count: number;
  onDone: () => void;
}) {
  const save = useSaveKeyword();
  const { toast } = useToast();
  const heading = useRef<HTMLHeadingElement>(null);
  const initial = {
    keyword: keyword?.keyword ?? '',
    category: keyword?.category ?? '',
    note: keyword?.note ?? '',
  };

  // Editing moves the focus to the form, so keyboard users land where they typed.
  useEffect(() => {
    if (keyword) heading.current?.focus();
  }, [keyword]);

  const form = kit.useAppForm({
    defaultValues: initial,
    validators: {
      onSubmit: ({ value }) => kit.problems(kit.schemaFieldErrors(keywordFieldsSchema, value)),
      onSubmitAsync: async ({ value }) => {
        try {
          await save.mutateAsync({ id: keyword?.id ?? null, fields: value });
          return undefined;
        } catch (cause) {
          const message = errorMessage(cause, 'Please try again.');
          toast({ title: 'Failed to save keyword', description: message, variant: 'error' });
          const fields = isApiError(cause) ? { ...cause.fields } : {};
          // A taken keyword (409) is the keyword field's problem.
          if (isApiError(cause) && cause.status === 409) fields.keyword = message;
          return kit.problems(fields, { fallback: message });
        }
      },
    },
    onSubmit: () => {
      toast({
        title: keyword ? 'Keyword updated successfully' : 'Keyword created successfully',
        variant: 'success',
      });
      form.reset();
      onDone();
    },
  });

  return (
    <Card>
      <CardHeader>
        <h2 ref={heading} tabIndex={-1} className="text-lg font-semibold outline-none">
          {keyword ? `Edit "${keyword.keyword}"` : 'Add a keyword'}
        </h2>
      </CardHeader>
      <CardContent>
        <form.AppForm>
          <kit.KitForm form={form} className="grid gap-5">
            <form.FormErrorSummary />
            <div className="grid gap-5 sm:grid-cols-2">
              <form.AppField name="keyword">
                {(f) => <f.TextField label="Keyword" required placeholder="ozempic cost" />}
              </form.AppField>
              <form.AppField name="category">
                {(f) => <f.TextField label="Category" hint="Optional, e.g. Prices" />}
              </form.AppField>
              <form.AppField name="note">
                {(f) => (
                  <f.TextField
                    label="Note"
                    hint="Optional, for administrators only"
                    rows={2}
                    className="sm:col-span-2"
                  />
                )}
              </form.AppField>
            </div>
            <div className="flex flex-wrap gap-3">
              <form.SubmitButton
                label={keyword ? 'Update Keyword' : 'Add Keyword'}
                pendingLabel="Saving..."
              />
              {keyword ? (
                <Button type="button" variant="outline" onClick={onDone}>
                  Cancel
                </Button>
              ) : null}
            </div>
          </kit.KitForm>
        </form.AppForm>
        {keyword ? <MoveToPosition keyword={keyword} count={count} /> : null}
      </CardContent>
    </Card>
  );
}

/** Moves the keyword being edited to a position typed in (1 to the number of keywords). */
function MoveToPosition({ keyword, count }: { keyword: KeywordView; count: number }) {
  const move = useMoveKeyword();
  const [value, setValue] = useState(String(keyword.position));
  const [error, setError] = useState<string | undefined>();
  const { toast } = useToast();
  const id = useId();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (move.isPending) return;
    const position = Number(value);
    if (!Number.isInteger(position) || position < 1 || position > Math.max(count, 1)) {
      setError(`Position must be a whole number from 1 to ${Math.max(count, 1)}`);
      document.getElementById(id)?.focus();
      return;
    }
    setError(undefined);
    move.mutate(
      { id: keyword.id, move: { position } },
      {
        onSuccess: () =>
          toast({
            title: `Moved "${keyword.keyword}" to position ${position}`,
            variant: 'success',
          }),
        onError: (cause) => setError(errorMessage(cause, 'Failed to move keyword')),
      },
    );
  };

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="mt-6 flex flex-wrap items-end gap-3 border-t border-border pt-6"
    >
      <Field id={id} label="Position in the list" hint={`1 to ${Math.max(count, 1)}`} error={error}>
        <Input
          {...describedBy(id, error, true)}
          type="number"
          inputMode="numeric"
          min={1}
          max={Math.max(count, 1)}
          className="w-28 tabular-nums"
          value={value}
          disabled={move.isPending}
          onChange={(e) => setValue(e.target.value)}
        />
      </Field>
      <Button type="submit" variant="outline" disabled={move.isPending}>
        {move.isPending ? 'Moving...' : 'Move'}
      </Button>
    </form>
  );
}
