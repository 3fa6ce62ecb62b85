import {
  failedText,
  formatDuration,
  formatFileSize,
  lagText,
  progressText,
  swappedText,
  type ReadModelStatusView,
  type RebuildRunView,
} from '../../../../api/operations/contracts';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../../components/ui/table';
import { errorMessage } from '../../../lib/http-client';
import { formatCount } from '../../../lib/format';
import { useReadModelStatus } from '../api/read-models';
import { REBUILD_POLL_MS, useRebuildStatus, useStartRebuild } from '../api/rebuild';
import { formatLocalDateTime } from '../../../lib/local-time';

const STEP_LABELS: Record<RebuildRunView['step'], string> = {
  starting: 'Counting the events in the log',
  replaying: 'Replaying events into fresh read models',
  'catching-up': 'Replaying the events that arrived meanwhile',
  swapping: 'Swapping the rebuilt read models in',
};

/** What the run's status line says (running: the step and the count; ended: the outcome). */
export function runSummary(run: RebuildRunView): string {
  if (run.status === 'swapped') {
    return swappedText(run.result?.events ?? run.events, run.result?.ms ?? run.elapsedMs);
  }
  if (run.status === 'failed') return failedText(run.error ?? 'Unknown error');
  return `${STEP_LABELS[run.step]}: ${progressText(run.events, run.total)}, ${formatDuration(run.elapsedMs)} elapsed.`;
}

/**
 * /admin/operations: rebuild the read models from the event log (administrators only). One at a
 * time; its progress is polled every second, then the swap (or the error) is shown.
 */
export function OperationsPage() {
  const status = useRebuildStatus();
  const start = useStartRebuild();
  const run = status.data?.run ?? null;
  const running = run?.status === 'running';

  return (
    <section className="space-y-6" aria-labelledby="operations-title">
      <h1 id="operations-title" className="text-2xl font-bold tracking-tight">
        Operations
      </h1>
      <Card>
        <CardHeader>
          {/* An h2 under the page's h1 (CardTitle is an h3). */}
          <h2 id="rebuild-title" className="text-lg font-semibold leading-tight">
            Rebuild read models
          </h2>
          <CardDescription>
            Replays every event of the log into fresh read models (rankings, lists, the dashboard,
            the audit log, search) and swaps them in at once: until the swap the site keeps serving
            the views it has. One rebuild runs at a time; it is recorded in the audit log with who
            started it.
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          <FirstRead query={status} failure="Failed to load the rebuild status." />
          {status.data && !status.data.available ? (
            <p role="note" className="rounded-md border border-border bg-muted p-3 text-sm">
              {status.data.unavailableReason}
            </p>
          ) : null}
          {status.data?.available ? (
            <Button
              type="button"
              disabled={running || start.isPending}
              onClick={() => start.mutate(undefined)}
            >
              {running ? 'Rebuilding...' : 'Rebuild read models'}
            </Button>
          ) : null}
          {start.isError ? (
            <p role="alert" className="text-sm text-destructive">
              {errorMessage(start.error, 'The rebuild could not be started.')}
            </p>
          ) : null}
          <div role="status" aria-live="polite" className="space-y-2">
            {run ? <RunStatus run={run} /> : null}
          </div>
        </CardContent>
      </Card>
      <ReadModelsCard pollMs={running ? REBUILD_POLL_MS : undefined} />
    </section>
  );
}

/** 'Loading...' until a card's first read answers, then its error, if any, as an alert. */
function FirstRead({
  query,
  failure,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown };
  failure: string;
}) {
  if (query.isPending) return <p className="text-muted-foreground">Loading...</p>;
  if (!query.isError) return null;
  return (
    <p role="alert" className="text-destructive">
      {errorMessage(query.error, failure)}
    </p>
  );
}

/** Each read model's position in the log and its lag, and the newest snapshot. */
function ReadModelsCard({ pollMs }: { pollMs: number | undefined }) {
  const status = useReadModelStatus(pollMs);
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold leading-tight">Read models</h2>
        <CardDescription>
          Each read model applies the event log in order and remembers the last position it applied.
          Read again every few seconds.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <FirstRead query={status} failure="Failed to load the read models." />
        {status.data ? <ReadModelTable status={status.data} /> : null}
      </CardContent>
    </Card>
  );
}

function ReadModelTable({ status }: { status: ReadModelStatusView }) {
  const behind = status.readModels.filter((model) => model.behind > 0).length;
  return (
    <>
      <p>
        The event log ends at position <span className="tabular-nums">{status.head}</span>;{' '}
        {behind === 0
          ? 'every read model has applied it.'
          : `${formatCount(behind)} of ${formatCount(status.readModels.length)} read models are still applying it.`}
      </p>
      <Table stacked>
        <TableCaption className="sr-only">Read models and their positions in the log</TableCaption>
        <TableHeader>
          <TableRow>
            <TableHead>Read model</TableHead>
            <TableHead>Applied up to</TableHead>
            <TableHead>State</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {status.readModels.map((model) => (
            <TableRow key={model.name}>
              <TableCell className="font-mono text-sm">{model.name}</TableCell>
              <TableCell label="Applied up to" className="tabular-nums">
                {model.position === null ? 'Nothing yet' : `Position ${model.position}`}
              </TableCell>
              <TableCell label="State" className={model.behind > 0 ? 'font-medium' : undefined}>
                {lagText(model.behind, status.countedUpTo)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {status.snapshot !== undefined ? (
        <p className="text-sm text-muted-foreground">
          {status.snapshot === null ? (
            'No snapshot yet: the next start replays the whole log.'
          ) : (
            <>
              Newest snapshot: position {status.snapshot.position}, written{' '}
              <time dateTime={status.snapshot.createdAt}>
                {formatLocalDateTime(status.snapshot.createdAt, { seconds: true })}
              </time>{' '}
              ({formatFileSize(status.snapshot.bytes)}). A start loads it and replays only the
              events after it.
            </>
          )}
        </p>
      ) : null}
    </>
  );
}

function RunStatus({ run }: { run: RebuildRunView }) {
  const total = run.total ?? 0;
  return (
    <>
      <p
        className={
          run.status === 'failed'
            ? 'font-medium text-destructive'
            : run.status === 'swapped'
              ? 'font-medium'
              : undefined
        }
      >
        {runSummary(run)}
      </p>
      {run.status === 'running' && total > 0 ? (
        <progress
          className="h-2 w-full accent-primary"
          max={total}
          value={Math.min(run.events, total)}
          aria-label="Events replayed"
        />
      ) : null}
      <p className="text-sm text-muted-foreground">
        Started{' '}
        <time dateTime={run.startedAt}>
          {formatLocalDateTime(run.startedAt, { seconds: true })}
        </time>{' '}
        by {run.startedBy}
        {run.status === 'swapped' && run.result
          ? ` · ${run.result.projectors} read models, now at log position ${run.result.position}`
          : ''}
      </p>
    </>
  );
}
