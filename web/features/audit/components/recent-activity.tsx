import { Link } from '@tanstack/react-router';
import { formatLocalDateTime, localTimeZone } from '../../../lib/local-time';
import { auditActor, changeLabel } from '../audit';
import { revertability, RevertChangeButton } from './revert-change';
import { useAuditPages } from '../api/audit-page';

/** The dashboard's recent activity: the last changes from the audit log, with who and when. */
export function RecentActivity({ count = 5 }: { count?: number }) {
  const pages = useAuditPages({});
  const entries = pages.data?.pages[0]?.entries.slice(0, count) ?? [];
  const timeZone = localTimeZone();
  return (
    <section aria-labelledby="recent-activity" className="grid gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="recent-activity" className="text-lg font-semibold">
          Recent activity
        </h2>
        <Link
          to="/admin/audit"
          className="inline-flex min-h-11 items-center text-sm text-primary underline-offset-4 hover:underline"
        >
          Open the audit log
        </Link>
      </div>
      {pages.isSuccess && entries.length === 0 ? (
        <p className="text-sm text-muted-foreground">No changes recorded yet.</p>
      ) : null}
      {pages.isError ? (
        <p className="text-sm text-destructive">The activity could not be loaded.</p>
      ) : null}
      <ul className="grid gap-2">
        {entries.map((entry) => (
          <li key={entry._id} className="rounded-md border border-border px-3 py-2 text-sm">
            <span className="block font-medium">{entry.summary}</span>
            <span className="text-muted-foreground">
              {auditActor(entry.actor)} ·{' '}
              <time dateTime={entry.occurredAt}>
                {formatLocalDateTime(entry.occurredAt, { timeZone })} ({timeZone})
              </time>
            </span>
            {(entry.changes ?? [])
              .filter((change) => revertability(entry, change).ok)
              .map((change) => (
                <span key={change.field} className="mt-1 flex items-center text-muted-foreground">
                  {changeLabel(change)}
                  <RevertChangeButton entry={entry} change={change} />
                </span>
              ))}
          </li>
        ))}
      </ul>
    </section>
  );
}
