import { Button } from '../../../components/ui/button';
import { LiveMessage } from '../../../components/field';
import { errorMessage } from '../../../lib/http-client';
import { localTimeZone } from '../../../lib/local-time';
import { useAuditPages } from '../api/audit-page';
import { AuditEntries } from './audit-entries';

/** One item's history under its edit form: who changed what, before -> after, newest first. */
export function AuditTimeline({
  subjectId,
  caption = 'History of this provider',
}: {
  subjectId: string;
  caption?: string;
}) {
  const pages = useAuditPages({ subjectId });
  const entries = pages.data?.pages.flatMap((p) => p.entries) ?? [];
  const timeZone = localTimeZone();
  return (
    <section aria-labelledby="provider-history" className="grid gap-3">
      <h2 id="provider-history" className="text-lg font-semibold">
        History
      </h2>
      {pages.isError ? (
        <LiveMessage
          message={`Failed to load the history. ${errorMessage(pages.error, '')}`.trim()}
        />
      ) : null}
      {pages.isSuccess && entries.length === 0 ? (
        <p className="text-sm text-muted-foreground">No changes recorded yet.</p>
      ) : null}
      {entries.length > 0 ? (
        <AuditEntries
          entries={entries}
          caption={caption}
          timeZone={timeZone}
          linkSubjects={false}
        />
      ) : null}
      {pages.hasNextPage ? (
        <div>
          <Button
            variant="outline"
            disabled={pages.isFetchingNextPage}
            onClick={() => void pages.fetchNextPage()}
          >
            {pages.isFetchingNextPage ? 'Loading...' : 'Load older changes'}
          </Button>
        </div>
      ) : null}
    </section>
  );
}

/** A provider's history (the provider editor's name for it). */
export const ProviderTimeline = AuditTimeline;
