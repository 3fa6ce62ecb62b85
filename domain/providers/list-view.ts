/**
 * The home page's list controls: filter by medication and sort, each kept in the URL
 * (/?medication=tirzepatide&sort=price). Pure rules over the public cards; no zod here (the
 * browser imports it).
 *
 * Sorts (ties always fall back to the ranking's own order, so the order is total and stable):
 * - 'score' (default): the ranking's order (editor's rating when entered, else the Vial Score).
 * - 'price': lowest starting price first (the lowest entered monthly price); providers with no
 *   entered price last.
 * - 'titration': lowest 3-month titration cost first; providers whose ladder is not fully
 *   priced for 3 months last.
 * - 'states': most states served first.
 */
import { parsePageParam } from '../shared/paging';
import { MEDICATIONS, type Medication } from '../shared/reference/medications';

export const PROVIDER_LIST_SORTS = ['score', 'price', 'titration', 'states'] as const;
export type ProviderListSort = (typeof PROVIDER_LIST_SORTS)[number];
export const DEFAULT_PROVIDER_LIST_SORT: ProviderListSort = 'score';

export const PROVIDER_LIST_SORT_LABELS: Readonly<Record<ProviderListSort, string>> = {
  score: 'Vial Score (ranking)',
  price: 'Lowest starting price',
  titration: 'Lowest 3-month cost',
  states: 'Most states served',
};

/** URL values of the medication filter: 'semaglutide', ..., 'other-glp-1-medications'. */
export const MEDICATION_FILTERS: readonly { value: string; medication: Medication }[] =
  MEDICATIONS.map((medication) => ({
    value: medication.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
    medication,
  }));

/** A sort from the URL (any case); undefined when absent or unknown (the default applies). */
export function parseProviderListSort(raw: unknown): ProviderListSort | undefined {
  if (typeof raw !== 'string') return undefined;
  const value = raw.trim().toLowerCase();
  return (PROVIDER_LIST_SORTS as readonly string[]).includes(value)
    ? (value as ProviderListSort)
    : undefined;
}

/** A medication filter's URL value (any case, or the medication's name); undefined otherwise. */
export function parseMedicationFilter(raw: unknown): string | undefined {
  if (typeof raw !== 'string') return undefined;
  const value = raw.trim().toLowerCase();
  return MEDICATION_FILTERS.find((f) => f.value === value || f.medication.toLowerCase() === value)
    ?.value;
}

export function medicationOfFilter(value: string | undefined): Medication | undefined {
  return MEDICATION_FILTERS.find((f) => f.value === value)?.medication;
}

/** What the sort and the filter read of a card. */
export interface ListableProvider {
  _id: string;
  rank: number;
  medications: readonly string[];
  states: readonly string[];
  startingPrice: { monthly: number } | null;
  /** Absent on cards stored before the field existed: read as not computable. */
  threeMonthCost?: { total: number } | null;
}

/** The cards offering the filter's medication (all of them without a filter). */
export function filterByMedication<T extends ListableProvider>(
  cards: readonly T[],
  filter: string | undefined,
): T[] {
  const medication = medicationOfFilter(filter);
  if (!medication) return [...cards];
  return cards.filter((card) => card.medications.includes(medication));
}

/** Ascending with nulls last. */
function nullsLast(a: number | null, b: number | null): number {
  if (a === null && b === null) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a - b;
}

const SORT_KEYS: Readonly<
  Record<ProviderListSort, (a: ListableProvider, b: ListableProvider) => number>
> = {
  score: () => 0,
  price: (a, b) => nullsLast(a.startingPrice?.monthly ?? null, b.startingPrice?.monthly ?? null),
  titration: (a, b) => nullsLast(a.threeMonthCost?.total ?? null, b.threeMonthCost?.total ?? null),
  states: (a, b) => new Set(b.states).size - new Set(a.states).size,
};

/** Whether a list is in the ranking's own order (the default sort): a store can cut its pages. */
export function inRankingOrder(sort: ProviderListSort | undefined): boolean {
  return (sort ?? DEFAULT_PROVIDER_LIST_SORT) === DEFAULT_PROVIDER_LIST_SORT;
}

/** A sorted copy; ties keep the ranking's order (rank, then id). */
export function sortProviderCards<T extends ListableProvider>(
  cards: readonly T[],
  sort: ProviderListSort | undefined,
): T[] {
  // Own keys only: a value that slipped past parseProviderListSort ('constructor', 'zzz') must
  // not reach Object.prototype; it sorts as the default.
  const key =
    sort !== undefined && Object.hasOwn(SORT_KEYS, sort)
      ? SORT_KEYS[sort]
      : SORT_KEYS[DEFAULT_PROVIDER_LIST_SORT];
  return [...cards].sort(
    (a, b) => key(a, b) || a.rank - b.rank || (a._id < b._id ? -1 : a._id > b._id ? 1 : 0),
  );
}

/** Filter, then sort: the list the home page shows. */
export function providerListView<T extends ListableProvider>(
  cards: readonly T[],
  options: { sort?: ProviderListSort | undefined; medication?: string | undefined },
): T[] {
  return sortProviderCards(filterByMedication(cards, options.medication), options.sort);
}

/**
 * A ranked list's request (issue 28: lists are cut on the server): which page at how many a
 * page, filtered and sorted as the home page's controls say. Absent parameters take the
 * defaults; a wrong one is refused with a message naming it.
 */
export type RankedListRequest = {
  page: number;
  /** Cards a page: the list's own size unless the caller asks for fewer (the home's top N). */
  limit: number;
  sort: ProviderListSort | undefined;
  medication: string | undefined;
};

/** The most cards any ranked list answers at once. */
export const RANKED_LIST_MAX_LIMIT = 50;

export const RANKED_LIST_MESSAGES = {
  limit: `limit must be a whole number from 1 to ${RANKED_LIST_MAX_LIMIT}`,
  sort: `sort must be one of ${PROVIDER_LIST_SORTS.join(', ')}`,
  medication: `medication must be one of ${MEDICATION_FILTERS.map((f) => f.value).join(', ')}`,
} as const;

/**
 * The list parameters of a public read (`page`, `limit`, `sort`, `medication`), or the first
 * problem as `{ field, message }`.
 */
export function parseRankedListParams(
  params: Readonly<Record<string, string | undefined>>,
  defaultLimit: number,
): { ok: true; request: RankedListRequest } | { ok: false; field: string; message: string } {
  const parsedPage = parsePageParam(params.page);
  if (!parsedPage.ok) return { ok: false, field: 'page', message: parsedPage.message };
  const page = parsedPage.page;
  const rawLimit = (params.limit ?? '').trim();
  let limit = defaultLimit;
  if (rawLimit !== '') {
    limit = /^\d{1,3}$/.test(rawLimit) ? Number(rawLimit) : 0;
    if (limit < 1 || limit > RANKED_LIST_MAX_LIMIT) {
      return { ok: false, field: 'limit', message: RANKED_LIST_MESSAGES.limit };
    }
  }
  const rawSort = (params.sort ?? '').trim();
  const sort = parseProviderListSort(rawSort);
  if (rawSort !== '' && !sort)
    return { ok: false, field: 'sort', message: RANKED_LIST_MESSAGES.sort };
  const rawMedication = (params.medication ?? '').trim();
  const medication = parseMedicationFilter(rawMedication);
  if (rawMedication !== '' && !medication) {
    return { ok: false, field: 'medication', message: RANKED_LIST_MESSAGES.medication };
  }
  return { ok: true, request: { page, limit, sort, medication } };
}
