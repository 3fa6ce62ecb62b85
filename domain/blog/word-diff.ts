/**
 * A word-level diff of two texts (issue 27: a revision compared with the editor's current
 * text before it is restored). Pure: the texts are plain text (the caller reads the HTML's
 * text); words are runs of non-space characters, compared exactly (case and punctuation count),
 * and any run of spaces between them is one space.
 *
 * Myers' O((N+M)·D) algorithm after the common head and tail are set aside, so an edit of a
 * few words in a long article stays cheap. Past MAX_EDITS differences the middle is reported as
 * all removed, then all added (still correct, only less fine-grained).
 */

/** 'same': in both; 'removed': only in the first text; 'added': only in the second. */
export type DiffKind = 'same' | 'removed' | 'added';

/** A run of consecutive words of one kind, joined by single spaces. */
export interface DiffPart {
  kind: DiffKind;
  text: string;
  /** How many words the run holds. */
  words: number;
}

/** Beyond this many word edits the middle is one removal and one addition. */
export const MAX_EDITS = 2000;

export function words(text: string): string[] {
  return text.split(/\s+/).filter((word) => word !== '');
}

type Op = { kind: DiffKind; word: string };

/** The edit script of a against b (both without their common head and tail). */
function middle(a: readonly string[], b: readonly string[]): Op[] {
  const n = a.length;
  const m = b.length;
  if (n === 0) return b.map((word) => ({ kind: 'added', word }));
  if (m === 0) return a.map((word) => ({ kind: 'removed', word }));
  const max = Math.min(n + m, MAX_EDITS);
  const offset = max + 1;
  const v = new Int32Array(2 * max + 3);
  // Each step's furthest x per diagonal k, for the walk back (O(D²) memory in all).
  const trace: Int32Array[] = [];
  let found = -1;
  for (let d = 0; d <= max && found < 0; d++) {
    trace.push(v.slice(offset - d - 1, offset + d + 2));
    for (let k = -d; k <= d; k += 2) {
      const down = k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!);
      let x = down ? v[offset + k + 1]! : v[offset + k - 1]! + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) {
        found = d;
        break;
      }
    }
  }
  if (found < 0) {
    return [
      ...a.map((word): Op => ({ kind: 'removed', word })),
      ...b.map((word): Op => ({ kind: 'added', word })),
    ];
  }
  // Walk back from (n, m): each step d undoes one edit and the snake before it.
  const ops: Op[] = [];
  let x = n;
  let y = m;
  for (let d = found; d > 0; d--) {
    const before = trace[d]!; // v as it stood when step d began, for k in -d-1 .. d+1
    const at = (k: number) => before[k + d + 1]!;
    const k = x - y;
    const down = k === -d || (k !== d && at(k - 1) < at(k + 1));
    const prevK = down ? k + 1 : k - 1;
    const prevX = at(prevK);
    const prevY = prevX - prevK;
    while (x > prevX + (down ? 0 : 1) && y > prevY + (down ? 1 : 0)) {
      ops.push({ kind: 'same', word: a[--x]! });
      y--;
    }
    if (down) ops.push({ kind: 'added', word: b[--y]! });
    else ops.push({ kind: 'removed', word: a[--x]! });
  }
  while (x > 0 && y > 0) {
    ops.push({ kind: 'same', word: a[--x]! });
    y--;
  }
  return ops.reverse();
}

/** Consecutive words of a kind as one run; in a replaced stretch the removal comes first. */
function runs(ops: readonly Op[]): DiffPart[] {
  const parts: DiffPart[] = [];
  let i = 0;
  while (i < ops.length) {
    if (ops[i]!.kind === 'same') {
      const start = i;
      while (i < ops.length && ops[i]!.kind === 'same') i++;
      parts.push(part('same', ops.slice(start, i)));
      continue;
    }
    const start = i;
    while (i < ops.length && ops[i]!.kind !== 'same') i++;
    const changed = ops.slice(start, i);
    const removed = changed.filter((op) => op.kind === 'removed');
    const added = changed.filter((op) => op.kind === 'added');
    if (removed.length > 0) parts.push(part('removed', removed));
    if (added.length > 0) parts.push(part('added', added));
  }
  return parts;
}

const part = (kind: DiffKind, ops: readonly Op[]): DiffPart => ({
  kind,
  text: ops.map((op) => op.word).join(' '),
  words: ops.length,
});

/**
 * What changes, word by word, from `before` to `after`: runs of words kept, removed (only in
 * `before`) and added (only in `after`), in reading order. Identical texts give one 'same'
 * run (none when both are empty).
 */
export function wordDiff(before: string, after: string): DiffPart[] {
  const a = words(before);
  const b = words(after);
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (
    tail < a.length - head &&
    tail < b.length - head &&
    a[a.length - 1 - tail] === b[b.length - 1 - tail]
  ) {
    tail++;
  }
  const same = (list: readonly string[]): Op[] => list.map((word) => ({ kind: 'same', word }));
  return runs([
    ...same(a.slice(0, head)),
    ...middle(a.slice(head, a.length - tail), b.slice(head, b.length - tail)),
    ...same(a.slice(a.length - tail)),
  ]);
}

/** How many words a diff removes and adds ('3 words removed, 5 added'). */
export function diffCounts(parts: readonly DiffPart[]): { removed: number; added: number } {
  let removed = 0;
  let added = 0;
  for (const p of parts) {
    if (p.kind === 'removed') removed += p.words;
    if (p.kind === 'added') added += p.words;
  }
  return { removed, added };
}
