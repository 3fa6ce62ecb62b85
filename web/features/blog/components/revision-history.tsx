import { useState } from 'react';
import { History } from 'lucide-react';
import { formatAdminDateTime, type PostRevisionView } from '../../../../api/blog/contracts';
import { Button } from '../../../components/ui/button';
import { LiveMessage } from '../../../components/field';
import { errorMessage } from '../../../lib/http-client';
import { usePostRevisions } from '../api/admin-posts';
import { useRevertPostChange } from '../api/revert-post-change';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useToast } from '../../../components/ui/toast';
import { RevisionCompare, type ComparedText } from './revision-compare';

const KIND_LABELS: Record<PostRevisionView['kind'], string> = {
  created: 'Created',
  saved: 'Saved',
  published: 'Published',
  unpublished: 'Unpublished',
  scheduled: 'Scheduled',
  unscheduled: 'Schedule cancelled',
};

/**
 * The post's earlier versions, read from its events: who, when, what changed. Choosing a
 * version shows it against the editor's current text, word by word; Restore then asks and
 * loads it into the editor as unsaved changes; saving it is a normal edit (audited like any
 * other).
 */
export function RevisionHistory({
  postId,
  current,
  onRestore,
  disabled,
}: {
  postId: string;
  /** The editor's text now: what a version is compared with. */
  current: ComparedText;
  onRestore: (revision: PostRevisionView) => void;
  disabled?: boolean;
}) {
  const revisions = usePostRevisions(postId);
  // The version shown against the editor (its revision number), and the one asked to restore.
  const [selected, setSelected] = useState<number | null>(null);
  const [restoring, setRestoring] = useState<PostRevisionView | null>(null);
  // 'Revert this change' (issue 27): one field of one save set back, after asking.
  const [reverting, setReverting] = useState<{ revision: PostRevisionView; field: string } | null>(
    null,
  );
  const revert = useRevertPostChange();
  const { toast } = useToast();
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
      <ConfirmDialog
        open={reverting !== null}
        onOpenChange={(open) => {
          if (!open) {
            setReverting(null);
            revert.reset();
          }
        }}
        title="Revert this change?"
        description={
          reverting
            ? `The ${reverting.field} goes back to what it was before the save of ${formatAdminDateTime(reverting.revision.at)} UTC by ${reverting.revision.by}. The revert is saved as a new version; reload the editor to see it.`
            : ''
        }
        confirmLabel="Revert"
        pendingLabel="Reverting..."
        variant="default"
        pending={revert.isPending}
        onConfirm={() => {
          if (!reverting) return;
          revert.mutate(
            { postId, position: reverting.revision.position, field: reverting.field },
            {
              onSuccess: () => {
                toast({ title: `The ${reverting.field} was reverted`, variant: 'success' });
                setReverting(null);
              },
            },
          );
        }}
      >
        {revert.isError ? (
          <LiveMessage message={errorMessage(revert.error, 'The change could not be reverted.')} />
        ) : null}
      </ConfirmDialog>
      <ConfirmDialog
        open={restoring !== null}
        onOpenChange={(open) => {
          if (!open) setRestoring(null);
        }}
        title="Restore this version?"
        description={
          restoring
            ? `Every field in the editor is replaced with the version saved ${formatAdminDateTime(restoring.at)} UTC by ${restoring.by}; the publishing choice stays as it is. Nothing is saved until you choose Update Post.`
            : ''
        }
        confirmLabel="Restore"
        variant="default"
        onConfirm={() => {
          if (!restoring) return;
          onRestore(restoring);
          setRestoring(null);
          setSelected(null);
        }}
      />
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
                {revision.kind === 'saved' && revision.changedFields.length > 0 ? (
                  <span className="flex flex-wrap gap-1">
                    {revision.changedFields.map((field) => (
                      <Button
                        key={field}
                        type="button"
                        variant="outline"
                        size="sm"
                        className="h-8 px-2 text-xs"
                        disabled={disabled}
                        onClick={() => setReverting({ revision, field })}
                      >
                        Revert {field}
                        <span className="sr-only">
                          {' '}
                          (this change of {formatAdminDateTime(revision.at)})
                        </span>
                      </Button>
                    ))}
                  </span>
                ) : null}
              </div>
              {revision.fields ? (
                <div className="flex flex-wrap items-center gap-2">
                  {revision === latestSave ? (
                    <span className="text-sm text-muted-foreground">Current version</span>
                  ) : null}
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    aria-expanded={selected === revision.revision}
                    aria-controls={
                      selected === revision.revision
                        ? `revision-${revision.revision}-compare`
                        : undefined
                    }
                    onClick={() =>
                      setSelected(selected === revision.revision ? null : revision.revision)
                    }
                  >
                    {selected === revision.revision ? 'Hide comparison' : 'Compare'}
                    <span className="sr-only">
                      {' '}
                      the version saved {formatAdminDateTime(revision.at)} with the editor
                    </span>
                  </Button>
                </div>
              ) : null}
              {revision.fields && selected === revision.revision ? (
                <section
                  id={`revision-${revision.revision}-compare`}
                  aria-label={`The version saved ${formatAdminDateTime(revision.at)} UTC, compared with the editor`}
                  className="grid w-full gap-3 border-t border-border pt-3"
                >
                  <RevisionCompare
                    id={`revision-${revision.revision}`}
                    current={current}
                    version={{
                      title: revision.fields.title,
                      excerpt: revision.fields.excerpt ?? '',
                      content: revision.fields.content,
                    }}
                  />
                  <div className="flex flex-wrap gap-2">
                    <Button
                      type="button"
                      disabled={disabled}
                      onClick={() => setRestoring(revision)}
                    >
                      Restore this version
                    </Button>
                    <Button type="button" variant="ghost" onClick={() => setSelected(null)}>
                      Close
                    </Button>
                  </div>
                </section>
              ) : null}
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}
