import { History } from 'lucide-react';
import { formatAdminDateTime, type PostRevisionView } from '../../../../api/blog/contracts';
import { Button } from '../../../components/ui/button';
import { LiveMessage } from '../../../components/field';
import { errorMessage } from '../../../lib/http-client';
import { usePostRevisions } from '../api/admin-posts';

const KIND_LABELS: Record<PostRevisionView['kind'], string> = {
  created: 'Created',
  saved: 'Saved',
  published: 'Published',
  unpublished: 'Unpublished',
  scheduled: 'Scheduled',
  unscheduled: 'Schedule cancelled',
};

/**
 * The post's earlier versions, read from its events: who, when, what changed. Restore loads a
 * version into the editor; saving it is a normal edit (audited like any other).
 */
export function RevisionHistory({
  postId,
  onRestore,
  disabled,
}: {
  postId: string;
  onRestore: (revision: PostRevisionView) => void;
  disabled?: boolean;
}) {
  const revisions = usePostRevisions(postId);
  const list = revisions.data ?? [];
  const latestSave = list.find((r) => r.fields !== null);
  return (
    <section aria-labelledby="post-revisions" className="grid gap-3">
      <h2 id="post-revisions" className="flex items-center gap-2 text-lg font-semibold">
        <History aria-hidden="true" className="size-5" />
        Revision history
      </h2>
      {revisions.isError ? (
        <LiveMessage
          message={`Failed to load the revisions. ${errorMessage(revisions.error, '')}`.trim()}
        />
      ) : null}
      {revisions.isPending ? (
        <p className="text-sm text-muted-foreground">Loading revisions...</p>
      ) : null}
      {list.length > 0 ? (
        <ol className="grid gap-2" aria-label="Versions, newest first">
          {list.map((revision) => (
            <li
              key={revision.revision}
              className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-border p-3"
            >
              <div className="grid gap-0.5 text-sm">
                <span className="font-medium">
                  {KIND_LABELS[revision.kind]}{' '}
                  <time dateTime={revision.at}>{formatAdminDateTime(revision.at)} UTC</time>
                </span>
                <span className="text-muted-foreground">by {revision.by}</span>
                {revision.changedFields.length > 0 ? (
                  <span className="text-muted-foreground">
                    Changed: {revision.changedFields.join(', ')}
                  </span>
                ) : null}
              </div>
              {revision.fields && revision !== latestSave ? (
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  disabled={disabled}
                  onClick={() => onRestore(revision)}
                >
                  Restore
                  <span className="sr-only">
                    {' '}
                    the version saved {formatAdminDateTime(revision.at)}
                  </span>
                </Button>
              ) : revision === latestSave ? (
                <span className="text-sm text-muted-foreground">Current version</span>
              ) : null}
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}
