/**
 * /compare?providers=a,b,c: which providers a visitor asked to compare, and what is wrong with
 * the request. Accepts the shareable comma-separated form and the repeated form a plain GET
 * form sends (providers=a&providers=b). No zod (the browser imports it).
 */
import { parseDoseMg } from '../shared/prices';
import { providerSlug } from './slug';

export const COMPARE_MIN = 2;
export const COMPARE_MAX = 4;
/** More than this many entries are not even read (the answer is 'too many' anyway). */
const READ_AT_MOST = 50;

export type CompareSelection =
  | { ok: true; slugs: string[] }
  | { ok: false; code: 'too_few' | 'too_many'; slugs: string[]; message: string };

/** Every slug in the parameter, in order, without repeats or blanks, lowercased. */
export function compareSlugs(raw: unknown): string[] {
  const parts = (Array.isArray(raw) ? raw : [raw])
    .filter((v) => typeof v === 'string' || typeof v === 'number')
    .flatMap((v) => String(v).split(','))
    .slice(0, READ_AT_MOST);
  const slugs: string[] = [];
  for (const part of parts) {
    // A blank or punctuation-only part names nobody (the slug rule would call it 'provider').
    if (!/[\p{L}\p{N}]/u.test(part)) continue;
    const slug = providerSlug(part);
    if (!slugs.includes(slug)) slugs.push(slug);
  }
  return slugs;
}

export function compareCountMessage(count: number): string | null {
  if (count === 0) return 'Choose two to four providers to compare.';
  if (count < COMPARE_MIN) {
    return `Choose at least ${COMPARE_MIN} providers to compare: only 1 was chosen.`;
  }
  if (count > COMPARE_MAX) {
    return `Choose at most ${COMPARE_MAX} providers to compare: ${count} were chosen.`;
  }
  return null;
}

/** The selection, or why it cannot be compared (fewer than two, more than four). */
export function parseCompareSelection(raw: unknown): CompareSelection {
  const slugs = compareSlugs(raw);
  const message = compareCountMessage(slugs.length);
  if (message === null) return { ok: true, slugs };
  return { ok: false, code: slugs.length < COMPARE_MIN ? 'too_few' : 'too_many', slugs, message };
}

/** 'No listed provider at "acme".' / 'No listed providers at "acme" and "zed".' */
export function unknownProvidersMessage(slugs: readonly string[]): string {
  const quoted = slugs.map((s) => `"${s}"`);
  const list =
    quoted.length <= 1
      ? quoted.join('')
      : `${quoted.slice(0, -1).join(', ')} and ${quoted[quoted.length - 1]}`;
  return `No listed provider${slugs.length === 1 ? '' : 's'} at ${list}.`;
}

/**
 * The dose rows of a comparison table for one medication: every dose label any compared
 * provider prices, once, in ascending mg (labels without a number last, as entered).
 */
export function unionDoseLabels(labelsPerProvider: readonly (readonly string[])[]): string[] {
  const byKey = new Map<string, { label: string; mg: number | null }>();
  for (const labels of labelsPerProvider) {
    for (const label of labels) {
      const mg = parseDoseMg(label);
      const key = mg === null ? `label:${label.trim()}` : `mg:${mg}`;
      if (!byKey.has(key)) byKey.set(key, { label, mg });
    }
  }
  return [...byKey.values()]
    .sort((a, b) => (a.mg === null ? (b.mg === null ? 0 : 1) : b.mg === null ? -1 : a.mg - b.mg))
    .map((d) => d.label);
}
