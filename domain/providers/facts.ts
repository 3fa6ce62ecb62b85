/**
 * A provider's cost-and-trust facts (offers, fees, terms, care and trust: issue 25) each carry
 * where they were read (a source: an address and its kind) and the day an administrator
 * checked them. This module holds their vocabulary and how old a check may grow before the
 * public pages say 'not rechecked since …' and the back office lists it for a recheck.
 *
 * No zod here: the browser imports it. The schemas are in ./offers.ts, which builds on this
 * module (so the shapes below are the structural part of them that these rules read).
 */

/** Where a fact was read, strongest first (the provider's own page, then its checkout...). */
export const SOURCE_KINDS = [
  'provider-page',
  'checkout',
  'support-answer',
  'regulator',
  'third-party',
] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];

/** The four groups of facts; each is changed, and re-checked, as a whole. */
export const FACT_GROUPS = ['offers', 'fees', 'terms', 'trust'] as const;
export type FactGroup = (typeof FACT_GROUPS)[number];

/** What a fact's check says (offers.ts: CheckedFact). */
export interface FactCheck {
  checkedOn: string | null;
  /** Demo content: its date is never shown ('demo data'). */
  demo?: true;
}

/** A group's facts as far as their checks go: a list of offers, or one record per group. */
interface CheckedGroup {
  checked: FactCheck;
}

/** A check older than this many days shows as 'not rechecked since {date}'. */
export const FACT_STALE_AFTER_DAYS = 90;

export type FactFreshness =
  /** Demo content: no date is ever shown for it ('demo data'). */
  | { state: 'demo' }
  /** Never checked: no date to show. */
  | { state: 'unchecked' }
  | { state: 'fresh'; checkedOn: string }
  | { state: 'stale'; checkedOn: string; label: string };

const DAY_MS = 24 * 60 * 60 * 1000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** 'YYYY-MM-DD' -> days since 1970-01-01 (UTC); null when it is not a real calendar date. */
export function isoDayNumber(date: string): number | null {
  const match = ISO_DATE.exec(date);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const at = Date.UTC(year, month - 1, day);
  const back = new Date(at);
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1) return null;
  if (back.getUTCDate() !== day) return null;
  return at / DAY_MS;
}

/** The UTC calendar day of a moment, 'YYYY-MM-DD' (a Date, or an ISO timestamp or date). */
export function isoDay(moment: Date | string): string {
  if (typeof moment === 'string' && ISO_DATE.test(moment)) return moment;
  return new Date(moment).toISOString().slice(0, 10);
}

/** Whole days from `checkedOn` to `today` (negative when `checkedOn` is later); null if invalid. */
export function daysSince(checkedOn: string, today: Date | string): number | null {
  const from = isoDayNumber(checkedOn);
  const to = isoDayNumber(isoDay(today));
  return from === null || to === null ? null : to - from;
}

/** The public label of a stale check: 'not rechecked since 2025-01-10'. */
export function staleLabel(checkedOn: string): string {
  return `not rechecked since ${checkedOn}`;
}

/**
 * How a checked fact reads on `today` (a Date or 'YYYY-MM-DD', compared as UTC days): demo
 * data never shows a date; a fact without a (valid) date is unchecked; a check exactly 90
 * days old is still fresh, 91 days is stale.
 */
export function factFreshness(checked: FactCheck, today: Date | string): FactFreshness {
  if (checked.demo === true) return { state: 'demo' };
  const { checkedOn } = checked;
  if (checkedOn === null) return { state: 'unchecked' };
  const age = daysSince(checkedOn, today);
  if (age === null) return { state: 'unchecked' };
  return age > FACT_STALE_AFTER_DAYS
    ? { state: 'stale', checkedOn, label: staleLabel(checkedOn) }
    : { state: 'fresh', checkedOn };
}

/** What factsNeedingRecheck reads of a provider: its id, name and the facts entered (null: none). */
export interface ProviderWithFacts {
  id: string;
  name: string;
  offers?: readonly CheckedGroup[] | null;
  fees?: CheckedGroup | null;
  terms?: CheckedGroup | null;
  trust?: CheckedGroup | null;
}

export interface RecheckItem {
  providerId: string;
  providerName: string;
  group: FactGroup;
  /** null: entered but never checked (listed first). */
  checkedOn: string | null;
  /** Days since the check; null when never checked. */
  ageDays: number | null;
}

/**
 * The checks of one group: one per fact of it (each offer is checked on its own), skipping
 * demo content. A group never entered has none.
 */
function groupChecks(provider: ProviderWithFacts, group: FactGroup): FactCheck[] {
  const checks =
    group === 'offers'
      ? (provider.offers ?? []).map((offer) => offer.checked)
      : [provider[group]?.checked].filter((checked) => checked !== undefined);
  return checks.filter((checked) => checked.demo !== true);
}

/**
 * The 'needs recheck' list: every entered group whose check is older than 90 days on `today`,
 * or that was never checked, oldest first (never-checked ones first of all, then by date;
 * ties by provider name, then group order). A group of several offers counts by its oldest
 * offer. Demo content never needs a recheck.
 */
export function factsNeedingRecheck(
  providers: readonly ProviderWithFacts[],
  today: Date | string,
): RecheckItem[] {
  const items: RecheckItem[] = [];
  for (const provider of providers) {
    for (const group of FACT_GROUPS) {
      const checks = groupChecks(provider, group);
      if (checks.length === 0) continue;
      const ages = checks.map((c) => (c.checkedOn === null ? null : daysSince(c.checkedOn, today)));
      const neverChecked = ages.some((age) => age === null);
      const oldestAge = neverChecked ? null : Math.max(...(ages as number[]));
      if (oldestAge !== null && oldestAge <= FACT_STALE_AFTER_DAYS) continue;
      const oldest =
        oldestAge === null ? null : (checks[ages.indexOf(oldestAge)]?.checkedOn ?? null);
      items.push({
        providerId: provider.id,
        providerName: provider.name,
        group,
        checkedOn: oldest,
        ageDays: oldestAge,
      });
    }
  }
  const rank = (item: RecheckItem) => item.ageDays ?? Number.POSITIVE_INFINITY;
  return items.sort(
    (a, b) =>
      rank(b) - rank(a) ||
      a.providerName.localeCompare(b.providerName) ||
      FACT_GROUPS.indexOf(a.group) - FACT_GROUPS.indexOf(b.group),
  );
}
