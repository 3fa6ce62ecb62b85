/**
 * A brief in-process CPU profile (node:inspector), summarised by self time per function and
 * per file, for when a figure misses its target.
 */
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import { fmtMs, table } from './report';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface Profile {
  nodes: ProfileNode[];
  samples?: number[];
  timeDeltas?: number[];
  startTime: number;
  endTime: number;
}

export interface ProfileSummary {
  totalMs: number;
  functions: Array<{ name: string; ms: number; share: number }>;
  files: Array<{ file: string; ms: number; share: number }>;
}

function shortFile(url: string, root: string): string {
  if (url === '') return '(native / V8)';
  const file = url.startsWith('file://') ? decodeURIComponent(new URL(url).pathname) : url;
  const relative = file.startsWith(root) ? path.relative(root, file) : file;
  // A bench script bundled with the app (built-server.ts, bundledBenchScript): one file.
  if (relative.startsWith('node_modules/.cache/vialcompare-bench/')) return 'bundled app code';
  // node_modules/<pkg>/... -> the package name is enough.
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(relative);
  return match ? `node_modules/${match[1]}` : relative;
}

export async function cpuProfile(work: () => Promise<void>, root: string): Promise<ProfileSummary> {
  const session = new Session();
  session.connect();
  try {
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 200 });
    await session.post('Profiler.start');
    await work();
    const { profile } = (await session.post('Profiler.stop')) as { profile: Profile };
    return summarise(profile, root);
  } finally {
    session.disconnect();
  }
}

/**
 * Nodes to leave out: idle time, and the profiler's own work (starting and stopping it runs
 * under node:inspector's post(), which the samples would otherwise charge to 'dispatch').
 */
function excludedNodes(profile: Profile): Set<number> {
  const parent = new Map<number, ProfileNode>();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parent.set(child, node);
  const excluded = new Set<number>();
  for (const node of profile.nodes) {
    if (node.callFrame.functionName === '(idle)') excluded.add(node.id);
    for (let n: ProfileNode | undefined = node; n; n = parent.get(n.id)) {
      if (n.callFrame.url.startsWith('node:inspector')) {
        excluded.add(node.id);
        break;
      }
    }
  }
  return excluded;
}

function summarise(profile: Profile, root: string): ProfileSummary {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const excluded = excludedNodes(profile);
  const selfMs = new Map<number, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  let totalMs = 0;
  for (let i = 0; i < samples.length; i++) {
    const id = samples[i] as number;
    if (excluded.has(id)) continue;
    const ms = (deltas[i] ?? 0) / 1000;
    totalMs += ms;
    selfMs.set(id, (selfMs.get(id) ?? 0) + ms);
  }
  const functions = new Map<string, number>();
  const files = new Map<string, number>();
  for (const [id, ms] of selfMs) {
    const node = byId.get(id);
    if (!node) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    const file = shortFile(url, root);
    const name =
      url === ''
        ? functionName || '(anonymous)'
        : `${functionName || '(anonymous)'}  ${file}:${lineNumber + 1}`;
    functions.set(name, (functions.get(name) ?? 0) + ms);
    files.set(file, (files.get(file) ?? 0) + ms);
  }
  const ranked = <K extends string>(map: Map<string, number>, key: K) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .map(
        ([k, ms]) =>
          ({ [key]: k, ms, share: ms / totalMs }) as Record<K, string> & {
            ms: number;
            share: number;
          },
      );
  return {
    totalMs,
    functions: ranked(functions, 'name').slice(0, 15),
    files: ranked(files, 'file').slice(0, 10),
  };
}

export function printProfile(summary: ProfileSummary): void {
  const pct = (share: number) => `${(share * 100).toFixed(1)}%`;
  console.log(
    `CPU profile, ${fmtMs(summary.totalMs)} ms of samples (profiler and idle time left out); ` +
      'self time by file:',
  );
  console.log(
    table(
      ['File', 'Self ms', 'Share'],
      summary.files.map((f) => [f.file, fmtMs(f.ms), pct(f.share)]),
      [1, 2],
    ),
  );
  console.log('Top functions by self time:');
  console.log(
    table(
      ['Function', 'Self ms', 'Share'],
      summary.functions.map((f) => [f.name, fmtMs(f.ms), pct(f.share)]),
      [1, 2],
    ),
  );
}
