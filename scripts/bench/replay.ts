/**
 * Events replayed per second into the read models: a fresh embedded event log (opened as the
 * app opens it, so subscriptions are sealed on append and opened on read) is filled with
 * a history (./history.ts: provider-heavy, or subscription-heavy), then `rebuild` replays it into a new
 * MemoryReadStore with every projector, as the embedded profile does at each start, in a child
 * process running the bundled ./replay-runner.ts with `npm start`'s node flags.
 * An instrumented run splits the time between reading the log and each projector, and a table
 * of rebuilds without one projector at a time says what each costs, garbage collection
 * included; when the figure misses the target, a CPU profile of one more rebuild says where the
 * time goes.
 * With `command`, the same log is then rebuilt by the built `projections:rebuild` command, as an
 * operator runs it: the embedded read store, whose audit log is written to its SQLite file (by
 * a worker thread alongside once the log is long enough), which the MemoryReadStore figure
 * leaves out.
 */
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import type { EventStore } from '../../commands/event-store';
import { rebuild, type Projector } from '../../projections';
import { reads } from '../../projections/projector';
import { appProjectors, openEventLog } from '../../workers/bootstrap/composition';
import { loadConfig } from '../../workers/bootstrap/config';
import { MemoryReadStore } from '../../projections/read-store';
import { PLATFORM_COLLECTIONS } from '../../projections/views';
import type { HistoryStats } from './history';
import { bundledBenchScript, ensureBuilt, runBuiltRebuild, startNodeFlags } from './built-server';
import { REBUILD_ELSEWHERE_AFTER } from '../../workers/bootstrap/rebuild-elsewhere';
import { cpuProfile, printProfile } from './profile';
import { fmtInt, fmtMs, median, table } from './report';
import { tempDir } from './temp';

export interface ReplayResult {
  history: HistoryStats;
  runs: number[];
  /** Median events per second over the runs. */
  perSecond: number;
  /** The 1-minute load average when the timed runs ended (a busy machine's figure is not this code's). */
  load: number;
  breakdown: Array<{ part: string; ms: number; events: number }>;
  /** The built rebuild command's figures (ReplayOptions.command). */
  command?: CommandReplay;
}

export interface CommandReplay {
  /** Events per second of each run, from the replay time the command prints. */
  runs: number[];
  perSecond: number;
  load: number;
  /** Whether the audit log was replayed by a worker thread alongside (a long enough log). */
  worker: boolean;
}

export interface ReplayOptions {
  /** Fills the fresh store with the history to replay. */
  history(store: EventStore): Promise<HistoryStats>;
  runs: number;
  target: number;
  projectRoot: string;
  /** Also rebuild the log with the built `projections:rebuild` command, this many times. */
  command?: { runs: number };
}

async function timedRebuild(store: EventStore, projectors: Projector[]): Promise<number> {
  const started = performance.now();
  const result = await rebuild(new MemoryReadStore(), store, projectors);
  const seconds = (performance.now() - started) / 1000;
  return result.events / seconds;
}

/** The log cut after its first `max` events (for warm-up and profiling passes). */
function prefixOf(store: EventStore, max: number): Pick<EventStore, 'readAll'> {
  return {
    async readAll(options) {
      const after = options?.after ?? 0n;
      // SQLite positions are 1, 2, 3...: the cut is a position.
      if (after >= BigInt(max)) return [];
      const limit = Math.min(options?.limit ?? 1000, max - Number(after));
      return store.readAll({ after, limit });
    },
  };
}

/** Timed runs stop early once this much time went into them (at least one run). */
const TIMED_RUNS_BUDGET_MS = 20_000;
/** Events the warm-up replays. */
const WARM_UP_EVENTS = 2_000;
/** Events the breakdown replays when a full rebuild is slow (and the CPU profile always). */
const BREAKDOWN_EVENTS = 10_000;
const PROFILE_EVENTS = 5_000;

/** One rebuild with every projector and the log reads wrapped in timers. */
async function instrumentedRebuild(store: Pick<EventStore, 'readAll'>) {
  const parts = new Map<string, number>();
  const perType = new Map<string, { count: number; ms: number }>();
  const add = (part: string, ms: number) => parts.set(part, (parts.get(part) ?? 0) + ms);
  const source: Pick<EventStore, 'readAll'> = {
    async readAll(options) {
      const t = performance.now();
      const page = await store.readAll(options);
      add('read the log (SQLite + JSON.parse, sealed fields opened)', performance.now() - t);
      // Each event counted once, whichever projectors read it.
      for (const event of page) {
        const entry = perType.get(event.type) ?? { count: 0, ms: 0 };
        entry.count++;
        perType.set(event.type, entry);
      }
      return page;
    },
  };
  const projectors = appProjectors().map((p): Projector => {
    const timed = (type: string, ms: number) => {
      add(`projector ${p.name}`, ms);
      const entry = perType.get(type) ?? { count: 0, ms: 0 };
      entry.ms += ms;
      perType.set(type, entry);
    };
    return {
      ...p,
      // Synchronous when the projector answers so (Projector.handle), as the replay runs it.
      handle(event, ctx) {
        const t = performance.now();
        const handled = p.handle(event, ctx);
        if (!handled) {
          timed(event.type, performance.now() - t);
          return;
        }
        return handled.then(() => timed(event.type, performance.now() - t));
      },
    };
  });
  const started = performance.now();
  await rebuild(new MemoryReadStore(), source, projectors);
  const totalMs = performance.now() - started;
  const accounted = [...parts.values()].reduce((a, b) => a + b, 0);
  add('rebuild loop, swap, checkpoints', totalMs - accounted);
  return { totalMs, parts, perType };
}

/**
 * A full collection before a timed rebuild (the runner is started with --expose-gc): a rebuild
 * runs once in its process, on a heap without a previous rebuild's read models to collect.
 * Without it each run paid for the one before at a moment of the collector's choosing (seven
 * runs of one process: 70,000 to 87,000 events/s; with it, 75,000 to 82,000).
 */
function collectGarbage(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

/** Interleaved rounds of the marginal-cost table (median of these), and the events it replays. */
const MARGINAL_EVENTS = 50_000;
const MARGINAL_ROUNDS = 5;

/**
 * What each projector costs the rebuild: all projectors, then all but one, interleaved
 * (A B A B: a noisy minute hits every row alike), the difference per event. Unlike the timers
 * above, it includes the garbage collection a projector's allocations and kept documents cause
 * the whole rebuild (the audit log's timers said 2.6 µs/event where it cost 3.9). Only the
 * projectors that read an event type of this history are measured; `reading alone` is a
 * rebuild with no projector (the log read, parsed and dispatched).
 */
async function printMarginalCosts(
  source: Pick<EventStore, 'readAll'>,
  projectors: Projector[],
  eventTypes: string[],
  events: number,
  target: number,
): Promise<void> {
  const measured = projectors.filter((p) => eventTypes.some((type) => reads(p, type)));
  const sets: Array<[string, Projector[]]> = [
    ['all', projectors],
    ['reading alone', []],
    ...measured.map((p): [string, Projector[]] => [p.name, projectors.filter((q) => q !== p)]),
  ];
  const perEvent = new Map<string, number[]>();
  for (let round = 0; round < MARGINAL_ROUNDS; round++) {
    for (const [name, set] of sets) {
      collectGarbage();
      const started = performance.now();
      await rebuild(new MemoryReadStore(), source, set);
      const us = ((performance.now() - started) * 1000) / events;
      perEvent.set(name, [...(perEvent.get(name) ?? []), us]);
    }
  }
  const all = median(perEvent.get('all') ?? []);
  const alone = median(perEvent.get('reading alone') ?? []);
  const rows = measured
    .map((p) => [p.name, all - median(perEvent.get(p.name) ?? [])] as const)
    .sort((a, b) => b[1] - a[1]);
  console.log(
    `What each projector costs a rebuild of ${fmtInt(events)} events: all ${all.toFixed(2)} ` +
      `µs/event minus all but it, median of ${MARGINAL_ROUNDS} interleaved rounds, garbage ` +
      `collection included (load average ${(loadavg()[0] ?? 0).toFixed(2)}):`,
  );
  console.log(
    table(
      ['Part', 'µs/event', 'Share'],
      [
        ['reading alone (the log read, parsed, dispatched)', alone] as const,
        ...rows.map(([name, us]) => [`projector ${name}`, us] as const),
      ].map(([part, us]: readonly [string, number]) => [
        part,
        us.toFixed(2),
        `${((us / all) * 100).toFixed(1)}%`,
      ]),
      [1, 2],
    ),
  );
  // One thread's floor: what a rebuild costs without its costliest part, the audit log (in
  // the embedded profile a worker thread writes it beside this one), and the log's reading.
  const audit = measured.find((p) => p.collections.includes(PLATFORM_COLLECTIONS.auditLog));
  const withoutAudit = audit ? median(perEvent.get(audit.name) ?? []) : null;
  const perSecond = (us: number) => fmtInt(1_000_000 / us);
  console.log(
    `One thread's floor: ${
      withoutAudit === null
        ? ''
        : `every projector but the audit log ${withoutAudit.toFixed(2)} µs/event (at most ${perSecond(withoutAudit)}/s), `
    }reading alone ${alone.toFixed(2)} µs/event (${perSecond(alone)}/s); the target of ` +
      `${fmtInt(target)}/s allows ${(1_000_000 / target).toFixed(1)} µs/event.`,
  );
}

/**
 * Writes the history into a fresh embedded log here, then replays it in a child process:
 * ./replay-runner.ts bundled and run with `npm start`'s node flags, as a start replays (under
 * the bench's tsx and V8's default young generation it measured another program).
 */
export async function benchReplay(options: ReplayOptions): Promise<ReplayResult> {
  const dir = tempDir('replay');
  const secret = randomBytes(32).toString('base64url');
  // The log as the app opens it: subscribers' addresses sealed with their own keys on append,
  // looked up and decrypted on every read (a replay pays for it as a start does).
  const store = await openEventLog(
    loadConfig({
      PROFILE: 'embedded',
      DATA_DIR: dir,
      SEED_DEMO: 'false',
      UNSUBSCRIBE_SECRET: secret,
    }),
  );
  let history: HistoryStats;
  try {
    history = await options.history(store);
  } finally {
    await store.close();
  }
  console.log(
    `History: ${fmtInt(history.events)} events, ${history.providers} providers listed ` +
      `(${history.featured} featured), written in ${history.seconds.toFixed(1)} s`,
  );
  const flags = startNodeFlags(options.projectRoot);
  const runner = await bundledBenchScript(options.projectRoot, 'scripts/bench/replay-runner.ts');
  console.log(
    `Replayed by a child process: bundled, node flags as npm start: ${flags.join(' ') || 'none'}`,
  );
  const child = fork(runner, [], {
    // --expose-gc: each timed rebuild starts from a collected heap (see collectGarbage).
    execArgv: [...flags, '--expose-gc'],
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const input: ReplayRunnerInput = {
    dataDir: dir,
    secret,
    events: history.events,
    runs: options.runs,
    target: options.target,
    projectRoot: options.projectRoot,
  };
  const measured = await new Promise<ReplayMeasured>((resolve, reject) => {
    child.once('message', (message) => resolve(message as ReplayMeasured));
    child.once('exit', (code) => reject(new Error(`the replay runner exited (${code})`)));
    child.send(input);
  });
  await new Promise((resolve) => child.once('exit', resolve));
  const command = options.command
    ? await commandReplay(options.projectRoot, dir, secret, history.events, options.command.runs)
    : undefined;
  return { history, ...measured, ...(command ? { command } : {}) };
}

/** The log rebuilt `runs` times by the built command; each run's figure is the one it prints. */
async function commandReplay(
  projectRoot: string,
  dataDir: string,
  secret: string,
  events: number,
  runs: number,
): Promise<CommandReplay> {
  ensureBuilt(projectRoot);
  const worker = events >= REBUILD_ELSEWHERE_AFTER;
  const perRun: number[] = [];
  for (let run = 0; run < runs; run++) {
    const { output } = await runBuiltRebuild(projectRoot, dataDir, { UNSUBSCRIBE_SECRET: secret });
    const printed = /Replayed (\d+) events into \d+ read models in (\d+) ms/.exec(output);
    if (!printed) throw new Error(`The rebuild command printed no replay time:\n${output}`);
    perRun.push(Number(printed[1]) / (Number(printed[2]) / 1000));
  }
  const perSecond = median(perRun);
  const load = loadavg()[0] ?? 0;
  console.log(
    `The built projections:rebuild command on the same log (read models in memory, the audit ` +
      `log written to its SQLite file ${
        worker
          ? 'by a worker thread alongside'
          : `on the same thread: a worker thread is used from ${fmtInt(REBUILD_ELSEWHERE_AFTER)} events`
      }): ${perRun.map(fmtInt).join(', ')} events/s -> median ${fmtInt(perSecond)} events/s ` +
      `(load average ${load.toFixed(2)})`,
  );
  return { runs: perRun, perSecond, load, worker };
}

/** What the runner is told (over IPC) and answers. */
export interface ReplayRunnerInput {
  dataDir: string;
  secret: string;
  events: number;
  runs: number;
  target: number;
  projectRoot: string;
}
export type ReplayMeasured = Omit<ReplayResult, 'history'>;

/** The timed rebuilds, the breakdown, and a CPU profile below the target (in the runner). */
export async function measureReplay(input: ReplayRunnerInput): Promise<ReplayMeasured> {
  const store = await openEventLog(
    loadConfig({
      PROFILE: 'embedded',
      DATA_DIR: input.dataDir,
      SEED_DEMO: 'false',
      UNSUBSCRIBE_SECRET: input.secret,
    }),
  );
  const events = input.events;
  try {
    const projectors = appProjectors();
    // An untimed pass over the start of the log warms the JIT and SQLite's page cache.
    await rebuild(new MemoryReadStore(), prefixOf(store, WARM_UP_EVENTS), projectors);
    const runs: number[] = [];
    const runsStarted = performance.now();
    do {
      collectGarbage();
      runs.push(await timedRebuild(store, projectors));
    } while (runs.length < input.runs && performance.now() - runsStarted < TIMED_RUNS_BUDGET_MS);
    const perSecond = median(runs);
    const load = loadavg()[0] ?? 0;
    console.log(
      `rebuild(MemoryReadStore, all ${projectors.length} projectors): ` +
        `${runs.map(fmtInt).join(', ')} events/s -> median ${fmtInt(perSecond)} events/s ` +
        `(load average ${load.toFixed(2)})`,
    );

    // A slow full rebuild is not repeated: the start of the log has every provider listed
    // and the same mix of events, so its per-event costs stand for the whole.
    const slow = events / perSecond > TIMED_RUNS_BUDGET_MS / 1000;
    const measured = slow ? Math.min(BREAKDOWN_EVENTS, events) : events;
    const { totalMs, parts, perType } = await instrumentedRebuild(
      measured < events ? prefixOf(store, measured) : store,
    );
    const breakdown = [...parts].map(([part, ms]) => ({ part, ms, events: measured }));
    console.log(
      `Where a rebuild of ${measured < events ? `the first ${fmtInt(measured)}` : 'all'} ` +
        `events spends its ${fmtMs(totalMs)} ms (timers add some overhead):`,
    );
    console.log(
      table(
        ['Part', 'ms', 'Share', 'µs/event'],
        breakdown.map(({ part, ms }) => [
          part,
          fmtMs(ms),
          `${((ms / totalMs) * 100).toFixed(1)}%`,
          ((ms * 1000) / measured).toFixed(2),
        ]),
        [1, 2, 3],
      ),
    );
    console.log('Projector time by event type (all projectors together):');
    console.log(
      table(
        ['Event type', 'Events', 'ms', 'µs/event'],
        [...perType]
          .sort((a, b) => b[1].ms - a[1].ms)
          .map(([type, { count, ms }]) => [
            type,
            fmtInt(count),
            fmtMs(ms),
            ((ms * 1000) / Math.max(1, count)).toFixed(1),
          ]),
        [1, 2, 3],
      ),
    );

    const marginal = Math.min(MARGINAL_EVENTS, events);
    await printMarginalCosts(
      marginal < events ? prefixOf(store, marginal) : store,
      projectors,
      [...perType.keys()],
      marginal,
      input.target,
    );

    if (perSecond < input.target) {
      const profiled = Math.min(PROFILE_EVENTS, events);
      console.log(
        `Below the target of ${fmtInt(input.target)} events/s: CPU profile of a rebuild of ` +
          `the first ${fmtInt(profiled)} events.`,
      );
      const summary = await cpuProfile(async () => {
        await rebuild(new MemoryReadStore(), prefixOf(store, profiled), projectors);
      }, input.projectRoot);
      printProfile(summary);
    }
    return { runs, perSecond, load, breakdown };
  } finally {
    await store.close();
  }
}
