/**
 * `--only=snapshots`: start to ready of the built server on a long log, without a snapshot
 * (every event replayed, as before snapshots existed) and with one (the newest snapshot
 * loaded, the audit log's file kept, only the events after them replayed), with the server's
 * peak resident memory (VmHWM). The history is ./million-history.ts with its subscribers sealed
 * (1,000,000 events; --quick: 100,000). The first start replays the whole log and writes a
 * snapshot (after the replay, and at its shutdown); three more start from it, one after the
 * other, once the load average has settled (the first start's replay kept both cores busy):
 * their median is the figure. Each figure is printed with the 1-minute load average it ran at,
 * and each start from the snapshot with the moment the back office's read models, parsed after
 * the site is ready, were in (`back office s`, from the spawn).
 */
import { readdirSync, statSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { ensureBuilt } from './built-server';
import { writeMillionHistory } from './million-history';
import { startAndWaitReady } from './million';
import { fmtInt, table, type ResultRow } from './report';
import { tempDir } from './temp';
import { SUBSCRIBER_KEYS_FILE } from '../../workers/newsletter/event-log';
import { projectRoot } from '../../workers/bootstrap/project-root';

/** The targets for a start from a snapshot with 1,000,000 events. */
const READY_SECONDS = 3;
const PEAK_MIB = 1024;

const load = () => loadavg()[0]!.toFixed(2);

/** Starts from the snapshot, timed one after the other; the median is the figure. */
const SNAPSHOT_STARTS = 3;
/** A quiet minute: the 1-minute load average under this, waited for at most SETTLE_MAX_S. */
const QUIET_LOAD = 1;
const SETTLE_MAX_S = 120;

async function settle(): Promise<{ seconds: number }> {
  const started = performance.now();
  while (loadavg()[0]! >= QUIET_LOAD && performance.now() - started < SETTLE_MAX_S * 1000) {
    await new Promise((resolve) => setTimeout(resolve, 5_000));
  }
  return { seconds: Math.round((performance.now() - started) / 1000) };
}

export async function benchSnapshots(options: { quick: boolean }): Promise<ResultRow[]> {
  const root = projectRoot();
  const events = options.quick ? 100_000 : 1_000_000;
  const dataDir = tempDir('snapshots');
  const history = await writeMillionHistory(path.join(dataDir, 'events.sqlite'), {
    events,
    sealedKeys: path.join(dataDir, SUBSCRIBER_KEYS_FILE),
    ...(options.quick ? { subscribers: 20_000, providers: 200, posts: 1_000 } : {}),
  });
  console.log(
    `History: ${fmtInt(history.events)} events (subscribers sealed), written in ` +
      `${history.seconds.toFixed(1)} s`,
  );
  ensureBuilt(root);

  const withoutLoad = load();
  const without = await startAndWaitReady(root, dataDir);
  const files = readdirSync(dataDir).filter(
    (name) => name.startsWith('snapshot-') && name.endsWith('.snapshot'),
  );
  if (files.length === 0) {
    throw new Error(`The first start wrote no snapshot. Its log:\n${without.log.join('\n')}`);
  }
  const bytes = statSync(path.join(dataDir, files.sort().at(-1)!)).size;
  const written = without.log.filter((line) => line.includes('read models snapshot written'));

  // The first start's replay kept both cores busy: the starts from the snapshot are timed on a
  // quiet minute (or after SETTLE_MAX_S at most), three times, and the median is the figure.
  const waited = await settle();
  console.log(
    `Waited ${waited.seconds} s for the load average to settle before the starts from the snapshot (load ${load()}).`,
  );
  const starts: Array<Awaited<ReturnType<typeof startAndWaitReady>> & { load: string }> = [];
  for (let run = 0; run < SNAPSHOT_STARTS; run++) {
    const startLoad = load();
    const started = await startAndWaitReady(root, dataDir);
    const loaded = started.log.some((line) => line.includes('read models loaded from a snapshot'));
    if (!loaded) {
      throw new Error(`A start did not load the snapshot:\n${started.log.join('\n')}`);
    }
    starts.push({ ...started, load: startLoad });
  }
  const withSnapshot = [...starts].sort((x, y) => x.readySeconds - y.readySeconds)[
    Math.floor(starts.length / 2)
  ]!;
  const peakWith = Math.max(...starts.map((s) => s.peakMiB));
  const withLoad = starts.map((s) => s.load).join(', ');
  console.log(
    table(
      ['start', 'ready s', 'CPU s', 'back office s', 'peak MiB', 'load avg'],
      [
        [
          'no snapshot (whole log)',
          without.readySeconds.toFixed(2),
          without.readyCpuSeconds.toFixed(2),
          '',
          without.peakMiB.toFixed(0),
          withoutLoad,
        ],
        ...starts.map((s, i) => [
          `from the snapshot, start ${i + 1}`,
          s.readySeconds.toFixed(2),
          s.readyCpuSeconds.toFixed(2),
          s.backOfficeSeconds?.toFixed(2) ?? 'not logged',
          s.peakMiB.toFixed(0),
          s.load,
        ]),
      ],
      [1, 2, 3, 4, 5],
    ),
  );
  console.log(`Snapshot: ${(bytes / 2 ** 20).toFixed(1)} MiB. Written by the first start:`);
  for (const line of written) console.log(`  ${line.slice(0, 200)}`);
  const scale = `${fmtInt(history.events)} events`;
  const full = events >= 1_000_000;
  return [
    {
      section: 'snapshots',
      measure: `start to ready, no snapshot, s (${scale}; load ${withoutLoad})`,
      value: without.readySeconds.toFixed(2),
      target: '',
      met: null,
    },
    {
      section: 'snapshots',
      measure: `start to ready from a snapshot, s (${scale}; median of ${starts.length}; load ${withLoad})`,
      value: withSnapshot.readySeconds.toFixed(2),
      target: full ? `< ${READY_SECONDS} s` : '',
      met: full ? withSnapshot.readySeconds < READY_SECONDS : null,
    },
    {
      section: 'snapshots',
      measure: `peak RSS starting from a snapshot, MiB (${scale}; the highest of ${starts.length})`,
      value: peakWith.toFixed(0),
      target: full ? `< ${PEAK_MIB} MiB` : '',
      met: full ? peakWith < PEAK_MIB : null,
    },
    {
      section: 'snapshots',
      measure: `peak RSS replaying the whole log, MiB (${scale})`,
      value: without.peakMiB.toFixed(0),
      target: '',
      met: null,
    },
  ];
}
