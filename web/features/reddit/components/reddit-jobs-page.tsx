/**
 * /admin/reddit: the Reddit refresh jobs at a glance: the schedule and the next run, the last
 * runs with their failures, the posts each search's newest snapshot holds, and 'Refresh now'.
 * Deliberately small: plain tables from the design system until the shared admin table kit
 * lands.
 */
import { RefreshCw } from 'lucide-react';
import type { RedditRefreshRunView } from '../../../../api/reddit/contracts';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../../components/ui/table';
import { errorMessage } from '../../../lib/http-client';
import { formatLocalDateTime, localTimeZone } from '../../../lib/local-time';
import { useAdminReddit, useRefreshRedditNow } from '../api/admin-reddit';

export const REFRESH_NOW_LABEL = 'Refresh now';

/** A moment in the administrator's zone, named once per table or fact (the back office's form). */
const at = (iso: string | undefined) => (iso ? formatLocalDateTime(iso) : '—');

const STATUS_VARIANT = {
  succeeded: 'default',
  running: 'secondary',
  partial: 'secondary',
  skipped: 'secondary',
  failed: 'destructive',
} as const;

function RunStatus({ run }: { run: RedditRefreshRunView }) {
  return <Badge variant={STATUS_VARIANT[run.status]}>{run.status}</Badge>;
}

export function RedditJobsPage() {
  const status = useAdminReddit();
  const refresh = useRefreshRedditNow();
  const zone = localTimeZone();
  const data = status.data;
  const lastFull = data?.runs.find((run) => run.kind !== 'on-demand');
  const failures = (data?.runs ?? []).flatMap((run) =>
    run.results
      .filter((result) => result.error)
      .map((result) => ({ run, result }))
      .slice(0, 20),
  );

  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold text-foreground">Reddit refresh jobs</h1>
        <Button onClick={() => refresh.mutate()} disabled={refresh.isPending}>
          <RefreshCw aria-hidden="true" className="size-4" />
          {REFRESH_NOW_LABEL}
        </Button>
      </div>
      <p role="status" className="text-sm text-muted-foreground">
        {refresh.isSuccess && 'A full refresh was queued; this page updates while it runs.'}
        {refresh.isError && errorMessage(refresh.error, 'The refresh could not be queued.')}
      </p>

      {status.isError && (
        <p role="alert" className="text-destructive">
          {errorMessage(status.error, 'The refresh jobs could not be loaded.')}
        </p>
      )}
      {status.isPending && <p className="text-muted-foreground">Loading…</p>}

      {data && (
        <>
          <dl className="grid gap-3 sm:grid-cols-4">
            <Fact label="Schedule (UTC)" value={data.schedule.cron} />
            <Fact label={`Next run (${zone})`} value={at(data.schedule.nextRunAt)} />
            <Fact
              label={`Last run (${zone})`}
              value={lastFull ? `${at(lastFull.startedAt)} (${lastFull.status})` : 'Never'}
            />
            <Fact label="Visitor searches waiting" value={String(data.pendingRequests)} />
          </dl>

          <section aria-labelledby="reddit-runs">
            <h2 id="reddit-runs" className="mb-2 text-lg font-semibold">
              Recent runs
            </h2>
            {data.runs.length === 0 ? (
              <p className="text-muted-foreground">No run yet.</p>
            ) : (
              // Stacked on a phone: why a run stopped, the column an operator opens it for, came last.
              <Table aria-label="Runs, newest first" stacked>
                <TableHeader>
                  <TableRow>
                    <TableHead>Started ({zone})</TableHead>
                    <TableHead>Kind</TableHead>
                    <TableHead>Status</TableHead>
                    <TableHead className="text-right">Searches</TableHead>
                    <TableHead className="text-right">Failed</TableHead>
                    <TableHead className="text-right">Requests</TableHead>
                    <TableHead>Why it stopped</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {data.runs.map((run) => (
                    <TableRow key={run._id}>
                      <TableCell>{at(run.startedAt)}</TableCell>
                      <TableCell label="Kind">{run.kind}</TableCell>
                      <TableCell label="Status">
                        <RunStatus run={run} />
                      </TableCell>
                      <TableCell label="Searches" className="text-right tabular-nums">
                        {run.results.length}
                      </TableCell>
                      <TableCell label="Failed" className="text-right tabular-nums">
                        {run.results.filter((r) => r.error).length}
                      </TableCell>
                      <TableCell label="Requests" className="text-right tabular-nums">
                        {run.requests}
                      </TableCell>
                      <TableCell label="Why it stopped" data-empty={run.error ? undefined : ''}>
                        {run.error ?? ''}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </section>

          {failures.length > 0 && (
            <section aria-labelledby="reddit-failures">
              <h2 id="reddit-failures" className="mb-2 text-lg font-semibold">
                Failures
              </h2>
              <ul className="grid gap-1 text-sm">
                {failures.map(({ run, result }) => (
                  <li key={`${run._id}-${result.key}`}>
                    {at(run.startedAt)} ({zone}) · “{result.query}” in r/{result.subreddit}:{' '}
                    {result.error}
                  </li>
                ))}
              </ul>
            </section>
          )}

          <section aria-labelledby="reddit-searches">
            <h2 id="reddit-searches" className="mb-2 text-lg font-semibold">
              Posts per search (newest snapshot)
            </h2>
            {data.searches.length === 0 ? (
              <p className="text-muted-foreground">No snapshot yet.</p>
            ) : (
              <Table aria-label="Posts found by each search">
                <TableHeader>
                  <TableRow>
                    <TableHead>Search</TableHead>
                    <TableHead>Subreddit</TableHead>
                    <TableHead className="text-right">Posts</TableHead>
                    <TableHead>Taken ({zone})</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {data.searches.map((search) => (
                    <TableRow key={`${search.subreddit}|${search.query}`}>
                      <TableCell className="max-w-xs truncate">{search.query}</TableCell>
                      <TableCell>r/{search.subreddit}</TableCell>
                      <TableCell className="text-right tabular-nums">{search.count}</TableCell>
                      <TableCell>{at(search.takenAt)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </section>
        </>
      )}
    </div>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-md border border-border p-3">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="mt-1 text-sm font-medium text-foreground">{value}</dd>
    </div>
  );
}
