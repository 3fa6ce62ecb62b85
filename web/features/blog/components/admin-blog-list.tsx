import { useId, useState, type ReactNode } from 'react';
import { Eye, EyeOff, Pencil, Plus, Trash2 } from 'lucide-react';
import {
  ADMIN_BLOG_PAGE_SIZES,
  BLOG_MESSAGES,
  formatAdminDateTime,
  formatShortDate,
  postPath,
  type AdminPostListView,
} from '../../../../api/blog/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { type DataColumn } from '../../../components/data-table/data-table';
import { EmptyPanel, ListPage } from '../../../components/data-table/list-page';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { toastOutcome } from '../../../components/ui/toast-outcome';
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
  const [pendingDelete, setPendingDelete] = useState<Row | null>(null);
  const searchId = useId();
  const statusId = useId();

  const rows = posts.data?.posts ?? [];
  const total = posts.data?.total ?? 0;
  const filtered = Boolean(search.q || search.status);

  const togglePublished = (post: Row) =>
    setPublished.mutate(
      { id: post._id, publish: !post.published },
      toastOutcome({
        success: post.published ? BLOG_MESSAGES.unpublished : BLOG_MESSAGES.published,
        failure: BLOG_MESSAGES.statusFailed,
        fallback: '',
      }),
    );

  const confirmDelete = () => {
    const post = pendingDelete;
    if (!post) return;
    remove.mutate(
      { id: post._id, slug: post.slug },
      {
        ...toastOutcome({
          success: BLOG_MESSAGES.deleted,
          failure: BLOG_MESSAGES.deleteFailed,
          fallback: '',
        }),
        onSettled: () => setPendingDelete(null),
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

  const newPost = (label: string) => (
    <Button onClick={onCreate}>
      <Plus aria-hidden="true" />
      {label}
    </Button>
  );

  return (
    <ListPage
      title="Blog Management"
      focusableTitle
      actions={newPost('New Post')}
      url={{
        search,
        onSearchChange,
        searchBox: {
          id: searchId,
          label: 'Search posts',
          placeholder: 'Search by title or slug...',
        },
        statusFilter: { id: statusId, allLabel: 'All posts', labels: STATUS_LABELS },
        pager: {
          page: posts.data?.page ?? params.page,
          pageSize: params.pageSize,
          pageSizes: ADMIN_BLOG_PAGE_SIZES,
        },
      }}
      query={posts}
      rows={rows}
      total={total}
      noun={['blog post', 'blog posts']}
      loadFailedToast={BLOG_MESSAGES.listFailed}
      loading={
        <div className="grid gap-4" aria-hidden="true">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-28 w-full" />
          ))}
        </div>
      }
      empty={(list) => (
        <EmptyPanel
          headline={filtered ? 'No posts match these filters.' : BLOG_MESSAGES.emptyAdmin}
          filtered={filtered}
          list={list}
          start={newPost(BLOG_MESSAGES.createFirst)}
        />
      )}
      table={{
        label: 'Blog posts',
        rowId: (post) => post._id,
        rowName: (post) => post.title,
        columns,
        renderCard: (post) => (
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
        ),
      }}
    >
      <ConfirmDialog
        open={pendingDelete !== null}
        onOpenChange={(open) => {
          if (!open && !remove.isPending) setPendingDelete(null);
        }}
        title="Delete post"
        description={`Are you sure you want to delete ${pendingDelete?.title ?? ''}?`}
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        pending={remove.isPending}
        onConfirm={confirmDelete}
      >
        <p className="text-sm">
          It disappears from the blog at once and its address stops working. Its history stays in
          the audit log.
        </p>
      </ConfirmDialog>
    </ListPage>
  );
}
