/**
 * Rebuilding the read models on request: `npm run projections:rebuild` on the distributed
 * profile enqueues this job, and the worker (which owns the projection runner, so it can pause
 * the projectors around the swap) replays every event into fresh collections and swaps them in.
 *
 * Below: a rebuild started in a process that runs the projections (the back office's
 * 'Rebuild read models', api/operations), one at a time, its progress kept for polling.
 */
import type { RebuildRunState } from '../domain/operations/run';
import type { RebuildProgress, RebuildResult } from '../projections';
import type { JobQueue } from './queue/port';

export const REBUILD_JOB = 'projections.rebuild';
/**
 * Every rebuild request carries this job id: one asked for while another waits is the same
 * job (deduplicated); one asked for while a rebuild runs runs once after it.
 */
export const REBUILD_JOB_ID = 'projections.rebuild';

export interface RebuildJobData {
  requestedBy: string;
  requestedAt: string;
}

export function processRebuildJobs(
  queue: JobQueue,
  rebuild: () => Promise<RebuildResult>,
  onDone: (result: RebuildResult, data: RebuildJobData, ms: number) => void,
): void {
  queue.process<RebuildJobData>(
    REBUILD_JOB,
    async (data) => {
      const started = performance.now();
      const result = await rebuild();
      onDone(result, data, Math.round(performance.now() - started));
    },
    { concurrency: 1 },
  );
}

// ---- rebuilds started in this process (the back office's 'Rebuild read models') ----

export type { RebuildRunState };

export interface RebuildRequest {
  id: string;
  startedBy: string;
  /** The events in the log now (the progress's total). */
  total(): Promise<number>;
  /** The rebuild itself, told its progress (Backend.rebuildProjections). */
  rebuild(onProgress: (progress: RebuildProgress) => void): Promise<RebuildResult>;
  /** Recorded before it starts (a failure stops it) and when it ends (a failure is logged). */
  recordStarted(total: number): Promise<void>;
  recordEnded(run: RebuildRunState): Promise<void>;
  onRecordError?(error: unknown): void;
}

export interface RebuildRuns {
  /** The running rebuild, else the last one this process ran (null: none yet). */
  latest(): RebuildRunState | null;
  /** Starts `request`, or answers the one already running (nothing started then). */
  start(request: RebuildRequest): { started: RebuildRunState } | { running: RebuildRunState };
  /** Resolves once no rebuild runs (tests; the backend's close). */
  idle(): Promise<void>;
}

const messageOf = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).slice(0, 1000) || 'Unknown error';

/** One rebuild at a time in this process; the state the back office polls. */
export function createRebuildRuns(now: () => number = Date.now): RebuildRuns {
  let current: (RebuildRunState & { started: number }) | null = null;
  let running: Promise<void> = Promise.resolve();

  const view = (): RebuildRunState | null => {
    if (!current) return null;
    const { started, ...state } = current;
    return state.status === 'running' ? { ...state, elapsedMs: now() - started } : { ...state };
  };

  async function execute(request: RebuildRequest, run: RebuildRunState & { started: number }) {
    try {
      const total = await request.total();
      run.total = total;
      await request.recordStarted(total);
      run.step = 'replaying';
      const result = await request.rebuild((progress) => {
        run.step = progress.step;
        run.events = total > 0 ? Math.min(progress.events, total) : progress.events;
      });
      const ms = Math.round(now() - run.started);
      Object.assign(run, {
        status: 'swapped',
        events: result.events,
        elapsedMs: ms,
        result: {
          events: result.events,
          projectors: result.projectors.length,
          position: result.position,
          ms,
        },
      });
    } catch (error) {
      Object.assign(run, {
        status: 'failed',
        elapsedMs: Math.round(now() - run.started),
        error: messageOf(error),
      });
    }
    try {
      const { started: _started, ...ended } = run;
      await request.recordEnded(ended);
    } catch (error) {
      request.onRecordError?.(error);
    }
  }

  return {
    latest: view,
    start(request) {
      const latest = view();
      if (latest?.status === 'running') return { running: latest };
      const started = now();
      current = {
        id: request.id,
        startedAt: new Date(started).toISOString(),
        startedBy: request.startedBy,
        status: 'running',
        step: 'starting',
        events: 0,
        total: null,
        elapsedMs: 0,
        started,
      };
      running = execute(request, current);
      const { started: _started, ...state } = current;
      return { started: state };
    },
    idle: () => running,
  };
}
