/**
 * `--only=snapshots`: start to ready of the built server on a long log, without a snapshot
 * (every event replayed, as before snapshots existed) and with one (the newest snapshot
 * loaded, the audit log's file kept, only the events after them replayed), with the server's
 * peak resident memory (VmHWM). The history is ./million-history.ts with its subscribers sealed
 * (1,000,000 events; --quick: 100,000). The first start replays the whole log and writes a
 * snapshot (after the replay, and at its shutdown); the second starts from it. Each figure is
 * printed with the 1-minute load average it ran at.
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

  const withLoad = load();
  const withSnapshot = await startAndWaitReady(root, dataDir);
  const loaded = withSnapshot.log.some((line) =>
    line.includes('read models loaded from a snapshot'),
  );
  if (!loaded) {
    throw new Error(`The second start did not load the snapshot:\n${withSnapshot.log.join('\n')}`);
  }
  console.log(
    table(
      ['start', 'ready s', 'CPU s', 'peak MiB', 'load avg'],
      [
        [
          'no snapshot (whole log)',
          without.readySeconds.toFixed(2),
          without.readyCpuSeconds.toFixed(2),
          without.peakMiB.toFixed(0),
          withoutLoad,
        ],
        [
          'from the snapshot',
          withSnapshot.readySeconds.toFixed(2),
          withSnapshot.readyCpuSeconds.toFixed(2),
          withSnapshot.peakMiB.toFixed(0),
          withLoad,
        ],
      ],
      [1, 2, 3, 4],
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
      measure: `start to ready from a snapshot, s (${scale}; load ${withLoad})`,
      value: withSnapshot.readySeconds.toFixed(2),
      target: full ? `< ${READY_SECONDS} s` : '',
      met: full ? withSnapshot.readySeconds < READY_SECONDS : null,
    },
    {
      section: 'snapshots',
      measure: `peak RSS starting from a snapshot, MiB (${scale})`,
      value: withSnapshot.peakMiB.toFixed(0),
      target: full ? `< ${PEAK_MIB} MiB` : '',
      met: full ? withSnapshot.peakMiB < PEAK_MIB : null,
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
