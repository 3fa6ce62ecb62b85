/** Result rows and plain-text tables for the benchmark's output. */

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
