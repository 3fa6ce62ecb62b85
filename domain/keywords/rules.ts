/**
 * Trending keywords' rules: the limits and messages, the case-insensitive key that makes a
 * keyword unique, and the order. The fields' zod schema is in ./fields (kept apart so the
 * public page, which needs only these constants, does not bring zod to every visitor).
 */

export const KEYWORD_LIMITS = { keyword: 80, category: 60, note: 500 } as const;

export const KEYWORD_MESSAGES = {
  keywordRequired: 'Keyword is required',
  keywordTooLong: `Keyword must be at most ${KEYWORD_LIMITS.keyword} characters`,
  categoryTooLong: `Category must be at most ${KEYWORD_LIMITS.category} characters`,
  noteTooLong: `Note must be at most ${KEYWORD_LIMITS.note} characters`,
  keywordTaken: 'This keyword already exists (keywords are compared without regard to case).',
} as const;

/** Inner runs of whitespace become one space: 'GLP-1   cost' is the keyword 'GLP-1 cost'. */
export const tidyKeyword = (value: string) => value.replace(/\s+/g, ' ').trim();

/** What makes two keywords the same: case and spacing do not count. */
export function keywordKey(keyword: string): string {
  return tidyKeyword(keyword).toLowerCase();
}

// ---- the order ----

/** Where to move a keyword: one place up or down, or to a 1-based position in the list. */
export type KeywordMove = 'up' | 'down' | { position: number };

/**
 * The list after moving `id`: up/down swap with the neighbour (nothing past either end); a
 * position is 1-based and clamped to the list. An unknown id leaves the list as it is.
 */
export function reorderKeywords(order: readonly string[], id: string, move: KeywordMove): string[] {
  const from = order.indexOf(id);
  if (from === -1) return [...order];
  const last = order.length - 1;
  const target =
    move === 'up' ? from - 1 : move === 'down' ? from + 1 : Math.round(move.position) - 1;
  const to = Math.min(Math.max(target, 0), last);
  const next = [...order];
  next.splice(from, 1);
  next.splice(to, 0, id);
  return next;
}

/**
 * The positions to record so that the keywords read in `order` (position = index): only the
 * keywords whose stored position differs, so a move writes to the streams it changes.
 */
export function positionChanges(
  current: readonly { id: string; position: number }[],
  order: readonly string[],
): { id: string; position: number }[] {
  const stored = new Map(current.map((k) => [k.id, k.position]));
  return order.flatMap((id, position) => (stored.get(id) === position ? [] : [{ id, position }]));
}

/** A new keyword goes to the end of the list. */
export function nextPosition(positions: readonly number[]): number {
  return positions.length === 0 ? 0 : Math.max(...positions) + 1;
}
