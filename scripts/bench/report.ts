/** Result rows, plain-text tables and interleaved A/B runs for the benchmark's output. */
import { loadavg } from 'node:os';

export interface ResultRow {
  section: string;
  measure: string;
  value: string;
  target: string;
  /** null: no target for this row. */
  met: boolean | null;
}

export const fmtInt = (n: number): string => Math.round(n).toLocaleString('en-US');
export const fmtMs = (n: number): string => (n < 10 ? n.toFixed(2) : n.toFixed(1));
export const verdict = (met: boolean | null): string =>
  met === null ? '' : met ? 'met' : 'NOT met';

/** A table with left-aligned text columns and right-aligned columns where asked. */
export function table(headers: string[], rows: string[][], rightAligned: number[] = []): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) =>
        rightAligned.includes(i) ? cell.padStart(widths[i] ?? 0) : cell.padEnd(widths[i] ?? 0),
      )
      .join('  ')
      .trimEnd();
  const rule = widths.map((w) => '-'.repeat(w)).join('  ');
  return [line(headers), rule, ...rows.map(line)].join('\n');
}

export function summaryTable(rows: ResultRow[]): string {
  return table(
    ['Section', 'Measure', 'Value', 'Target', 'Result'],
    rows.map((r) => [r.section, r.measure, r.value, r.target, verdict(r.met)]),
    [2],
  );
}

export function heading(text: string): void {
  console.log(`\n== ${text} ${'='.repeat(Math.max(0, 72 - text.length))}`);
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** The machine's 1-minute load average (what else was running beside a figure). */
export const load1 = (): number => loadavg()[0] ?? 0;

export interface InterleavedRun<V, R> {
  variant: V;
  /** 0-based. */
  round: number;
  result: R;
  /** The 1-minute load average when the run ended. */
  load: number;
}

/**
 * Runs every variant once a round, in turn (A B A B ... for two, A B C A B C ... for three),
 * `rounds` rounds, noting the load average after each run: a busy moment of the machine then
 * weighs on every variant alike, and the medians (medianOf) compare like with like.
 */
export async function interleave<V, R>(
  variants: readonly V[],
  run: (variant: V, round: number) => Promise<R>,
  rounds = 3,
): Promise<Array<InterleavedRun<V, R>>> {
  const runs: Array<InterleavedRun<V, R>> = [];
  for (let round = 0; round < rounds; round++) {
    for (const variant of variants) {
      const result = await run(variant, round);
      runs.push({ variant, round, result, load: load1() });
    }
  }
  return runs;
}

/** The median of one figure over a variant's interleaved runs. */
export function medianOf<V, R>(
  runs: ReadonlyArray<InterleavedRun<V, R>>,
  variant: V,
  figure: (result: R) => number,
): number {
  return median(runs.filter((r) => r.variant === variant).map((r) => figure(r.result)));
}

/** The median load average over a set of interleaved runs (what the comparison ran at). */
export function medianLoad(runs: ReadonlyArray<{ load: number }>): number {
  return median(runs.map((r) => r.load));
}
