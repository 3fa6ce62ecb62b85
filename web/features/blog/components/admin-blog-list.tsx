import { useEffect, useId, useState, type ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { ArrowLeft, Eye, EyeOff, Pencil, Plus, Trash2 } from 'lucide-react';
import {
  ADMIN_BLOG_PAGE_SIZES,
  BLOG_MESSAGES,
  formatAdminDateTime,
  formatShortDate,
  postPath,
  type AdminPostListView,
} from '../../../../api/blog/contracts';
import { DataPager, DataTable, type DataColumn } from '../../../components/data-table/data-table';
import { ListStatus } from '../../../components/data-table/list-status';
import { SearchBox } from '../../../components/data-table/search-box';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { StatusFilter } from '../../../components/data-table/status-filter';
import { Skeleton } from '../../../components/ui/skeleton';
import { useToast } from '../../../components/ui/toast';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { errorMessage } from '../../../lib/http-client';
import {
  useAdminBlogPage,
  useDeletePost,
  useSetPostPublished,
  type AdminBlogSearch,
} from '../api/admin-posts';

type Row = AdminPostListView['posts'][number];

const STATUS_LABELS = { published: 'Published', draft: 'Drafts', scheduled: 'Scheduled' } as const;

function StatusBadge({ post }: { post: Row }) {
  return (
    <span className="flex flex-wrap gap-1">
      <Badge variant={post.published ? 'default' : 'secondary'}>
        {post.published ? 'Published' : 'Draft'}
      </Badge>
      {post.scheduledFor ? (
        <Badge variant="outline">Scheduled {formatAdminDateTime(post.scheduledFor)} UTC</Badge>
      ) : null}
    </span>
  );
}

function Dates({ post }: { post: Row }) {
  return (
    <span className="grid gap-0.5 text-sm">
      <span>
        Created <time dateTime={post.createdAt}>{formatAdminDateTime(post.createdAt)}</time>
      </span>
      {post.publishedAt ? (
        <span>
          Published <time dateTime={post.publishedAt}>{formatShortDate(post.publishedAt)}</time>
        </span>
      ) : null}
    </span>
  );
}

/**
 * /admin/blog (spec 'Admin blog list'): 'Blog Management', New Post, and the posts on the
 * data-table kit (a card each under 640 px): title, Published/Draft, author, created date and
 * time, published date, /blog/{slug}, the excerpt or the first 200 characters of the text;
 * Publish/Unpublish, Edit and Delete (after a confirmation naming the title). Search, status
 * and page live in the URL; the server filters and pages.
 */
export function AdminBlogList({
  search,
  onSearchChange,
  onEdit,
  onCreate,
}: {
  search: AdminBlogSearch;
  onSearchChange: (next: AdminBlogSearch) => void;
  onEdit: (id: string) => void;
  onCreate: () => void;
}) {
  const params = { page: 1, pageSize: 20, ...search };
  const posts = useAdminBlogPage(params);
  const setPublished = useSetPostPublished();
  const remove = useDeletePost();
  const { toast } = useToast();
  const [query, setQuery] = useState(search.q ?? '');
  const [pendingDelete, setPendingDelete] = useState<Row | null>(null);
  const searchId = useId();
  const statusId = useId();

  const set = (patch: AdminBlogSearch) => onSearchChange({ ...search, page: undefined, ...patch });

  // The search box sends its text 250 ms after the last keystroke.
  useEffect(() => {
    if ((search.q ?? '') === query) return;
    const timer = setTimeout(() => set({ q: query || undefined }), 250);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the typed text restarts the timer
  }, [query]);

  useEffect(() => {
    if (posts.isError)
      toast({
        title: BLOG_MESSAGES.listFailed,
        description: errorMessage(posts.error, ''),
        variant: 'error',
      });
  }, [posts.isError, posts.error, toast]);

  const rows = posts.data?.posts ?? [];
  const total = posts.data?.total ?? 0;
  const filtered = Boolean(search.q || search.status);

  const togglePublished = (post: Row) =>
    setPublished.mutate(
      { id: post._id, publish: !post.published },
      {
        onSuccess: () =>
          toast({
            title: post.published ? BLOG_MESSAGES.unpublished : BLOG_MESSAGES.published,
            variant: 'success',
          }),
        onError: (cause) =>
          toast({
            title: BLOG_MESSAGES.statusFailed,
            description: errorMessage(cause, ''),
            variant: 'error',
          }),
      },
    );

  const confirmDelete = () => {
    const post = pendingDelete;
    if (!post) return;
    remove.mutate(
      { id: post._id, slug: post.slug },
      {
        onSuccess: () => {
          setPendingDelete(null);
          toast({ title: BLOG_MESSAGES.deleted, variant: 'success' });
        },
        onError: (cause) => {
          setPendingDelete(null);
          toast({
            title: BLOG_MESSAGES.deleteFailed,
            description: errorMessage(cause, ''),
            variant: 'error',
          });
        },
      },
    );
  };

  const actions = (post: Row): ReactNode => {
    const busy = setPublished.isPending && setPublished.variables?.id === post._id;
    return (
      <span className="flex flex-wrap gap-1">
        <Button variant="outline" size="sm" disabled={busy} onClick={() => togglePublished(post)}>
          {post.published ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
          {post.published ? 'Unpublish' : 'Publish'}
          <span className="sr-only"> {post.title}</span>
        </Button>
        <Button variant="outline" size="sm" onClick={() => onEdit(post._id)}>
          <Pencil aria-hidden="true" />
          Edit<span className="sr-only"> {post.title}</span>
        </Button>
        <Button
          variant="ghost"
          size="sm"
          className="text-destructive hover:bg-destructive-soft"
          onClick={() => setPendingDelete(post)}
        >
          <Trash2 aria-hidden="true" />
          Delete<span className="sr-only"> {post.title}</span>
        </Button>
      </span>
    );
  };

  const columns: DataColumn<Row>[] = [
    {
      id: 'title',
      header: 'Post',
      hideable: false,
      className: 'max-w-md whitespace-normal',
      cell: (post) => (
        <span className="grid gap-1">
          <span className="font-medium">{post.title}</span>
          <code className="text-xs text-muted-foreground">{postPath(post.slug)}</code>
          <span className="line-clamp-2 text-sm text-muted-foreground">{post.adminExcerpt}</span>
        </span>
      ),
    },
    { id: 'status', header: 'Status', cell: (post) => <StatusBadge post={post} /> },
    { id: 'author', header: 'Author', cell: (post) => post.authorName },
    { id: 'dates', header: 'Dates', cell: (post) => <Dates post={post} /> },
    { id: 'actions', header: 'Actions', hideable: false, cell: actions },
  ];

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div className="grid gap-2">
          <Button variant="ghost" asChild className="-ml-3 w-fit">
            <Link to="/admin/dashboard">
              <ArrowLeft aria-hidden="true" />
              Back to Dashboard
            </Link>
          </Button>
          <h1 tabIndex={-1} className="text-2xl font-bold tracking-tight outline-none sm:text-3xl">
            Blog Management
          </h1>
        </div>
        <Button onClick={onCreate}>
          <Plus aria-hidden="true" />
          New Post
        </Button>
      </div>

      <div className="grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] sm:items-end">
        <SearchBox
          id={searchId}
          label="Search posts"
          placeholder="Search by title or slug..."
          value={query}
          onChange={setQuery}
        />
        <StatusFilter
          id={statusId}
          allLabel="All posts"
          labels={STATUS_LABELS}
          value={search.status}
          onChange={(status) => set({ status })}
        />
      </div>

      <ListStatus query={posts} total={total} noun={['blog post', 'blog posts']} />

      {posts.isPending ? (
        <div className="grid gap-4" aria-hidden="true">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-28 w-full" />
          ))}
        </div>
      ) : null}

      {posts.isSuccess && rows.length === 0 ? (
        <div className="grid justify-items-center gap-4 rounded-lg border border-dashed border-border px-4 py-12 text-center">
          {filtered ? (
            <>
              <p className="text-lg font-semibold">No posts match these filters.</p>
              <Button
                variant="outline"
                onClick={() => {
                  setQuery('');
                  onSearchChange({});
                }}
              >
                Clear search
              </Button>
            </>
          ) : (
            <>
              <p className="text-lg font-semibold">{BLOG_MESSAGES.emptyAdmin}</p>
              <Button onClick={onCreate}>
                <Plus aria-hidden="true" />
                {BLOG_MESSAGES.createFirst}
              </Button>
            </>
          )}
        </div>
      ) : null}

      {rows.length > 0 ? (
        <>
          <DataTable
            label="Blog posts"
            rows={rows}
            rowId={(post) => post._id}
            rowName={(post) => post.title}
            columns={columns}
            sort={null}
            onSortChange={() => undefined}
            renderCard={(post) => (
              <article className="grid gap-2 rounded-lg border border-border bg-card p-4 shadow-card">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <h2 className="text-base font-semibold">{post.title}</h2>
                  <StatusBadge post={post} />
                </div>
                <p className="text-sm text-muted-foreground">By {post.authorName}</p>
                <Dates post={post} />
                <code className="text-xs text-muted-foreground">{postPath(post.slug)}</code>
                <p className="text-sm text-muted-foreground">{post.adminExcerpt}</p>
                {actions(post)}
              </article>
            )}
          />
          <DataPager
            page={posts.data?.page ?? params.page}
            pageSize={params.pageSize}
            total={total}
            pageSizes={ADMIN_BLOG_PAGE_SIZES}
            onPageChange={(page) => onSearchChange({ ...search, page })}
            onPageSizeChange={(pageSize) => set({ pageSize })}
          />
        </>
      ) : null}

      <Dialog
        open={pendingDelete !== null}
        onOpenChange={(open) => {
          if (!open && !remove.isPending) setPendingDelete(null);
        }}
      >
        <DialogContent role="alertdialog">
          <DialogHeader>
            <DialogTitle>Delete post</DialogTitle>
            <DialogDescription>
              Are you sure you want to delete {pendingDelete?.title ?? ''}?
            </DialogDescription>
          </DialogHeader>
          <p className="text-sm">
            It disappears from the blog at once and its address stops working. Its history stays in
            the audit log.
          </p>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline" disabled={remove.isPending}>
                Cancel
              </Button>
            </DialogClose>
            <Button variant="destructive" disabled={remove.isPending} onClick={confirmDelete}>
              {remove.isPending ? 'Deleting...' : 'Delete'}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}
