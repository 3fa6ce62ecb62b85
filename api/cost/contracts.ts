/**
 * The cost capability's paths and response shapes (web/ imports this file): the /cost page's
 * data (its choices, checked, and the ranking for them) and the open price data downloads.
 */
import type { CostForm, CostGroup, CostMedication, CostSearch } from '../../domain/cost';
import type { StateCode } from '../../domain/shared/reference/states';

export const COST_PAGE_PATH = '/cost';

export const COST_PATHS = {
  /**
   * GET ?medication=&form=&months=&state=&zip=&dose=&page=: the page's data. Public. A wrong
   * value answers 400 `{ error, fields }`, one message per parameter.
   */
  page: '/api/cost',
  pageFor: (search: CostSearch & { page?: string }) => {
    const query = new URLSearchParams(
      Object.entries(search).filter((entry): entry is [string, string] => Boolean(entry[1])),
    ).toString();
    return query === '' ? '/api/cost' : `/api/cost?${query}`;
  },
  /** Every listed provider's every offer, per dose, with fees, terms and checked dates. */
  pricesCsv: '/data/prices.csv',
  pricesJson: '/data/prices.json',
} as const;

/** Rows per page of the ranking. */
export const COST_PAGE_SIZE = 25;

/** The open data's credit and licence, in the JSON (`credit`) and beside the links on /cost. */
export const OPEN_DATA_LICENCE = 'CC BY 4.0';
export const OPEN_DATA_LICENCE_URL = 'https://creativecommons.org/licenses/by/4.0/';
export const OPEN_DATA_CREDIT =
  'Prices, fees and terms as entered and dated by VialCompare editors, with their sources. Free to reuse under CC BY 4.0: credit "VialCompare".';

/** How a fact's check reads: 'checked 2026-11-01', 'not rechecked since …', 'demo data', 'not checked'. */
export interface CheckLabelView {
  state: 'fresh' | 'stale' | 'demo' | 'unchecked';
  text: string;
}

export interface CostItemView {
  label: string;
  /** null: unknown. */
  usd: number | null;
  note?: string;
}

export interface CostFillView {
  fill: number;
  doseMg: number;
  /** null: no price for this dose. */
  usd: number | null;
  intro: boolean;
}

export interface CostRowView {
  /** 1-based place in the whole ranking. */
  place: number;
  name: string;
  slug: string;
  group: CostGroup;
  /** null unless every item is known. */
  total: number | null;
  knownTotal: number;
  monthlyAverage: number | null;
  /** The first four-week fill's medication price (introductory when there is one). */
  firstMonthUsd: number | null;
  unknownItems: string[];
  stopsAtDoseMg: number | null;
  offer: {
    id: string;
    form: string;
    formLabel: string;
    concentrationMgPerMl: number | null;
    checked: CheckLabelView;
  };
  plan: { months: number; total: number } | null;
  fills: CostFillView[];
  items: CostItemView[];
  feesChecked: CheckLabelView;
  commission: boolean | null;
  /** 'Can I leave?': null when no terms were entered. */
  exit: {
    minimumTermMonths: number | null;
    cancellationNoticeDays: number | null;
    autoRenew: boolean | null;
    onlineCancellation: boolean | null;
    checked: CheckLabelView;
  } | null;
}

export interface CostPageView {
  choice: {
    medication: CostMedication;
    form: CostForm;
    months: number;
    /** null: no place chosen; nothing is ranked. */
    state: StateCode | null;
    stateName: string | null;
    /** The state a ZIP code was resolved to. */
    zipState: StateCode | null;
    /** The dose held after the climb (given, or the top of the ladder). */
    maintenanceDoseMg: number;
    doseGiven: boolean;
  };
  ranking: {
    rows: CostRowView[];
    counts: Record<CostGroup, number>;
    total: number;
    page: number;
    pageCount: number;
  } | null;
}

// ---- open data ----

export type FeeAmountView = number | 'included' | 'unknown';

export interface OpenDataCheck {
  /** 'YYYY-MM-DD'; null for demo data or a fact never checked. */
  checkedOn: string | null;
  /** 'YYYY-MM-DD', 'demo data' or 'unknown'. */
  label: string;
  source: { url: string; kind: string } | null;
}

export interface OpenDataOffer {
  id: string;
  medication: string;
  form: string;
  prices: { dose: string; doseMg: number | null; monthlyUsd: number }[];
  intro: { monthlyUsd: number; months: number } | null;
  plans: { months: number; totalUsd: number }[];
  concentrationMgPerMl: number | null;
  checked: OpenDataCheck;
}

export interface OpenDataProvider {
  name: string;
  page: string;
  states: string[];
  /** true / false / null (unknown): whether the site is paid for this provider's link. */
  commission: boolean | null;
  offers: OpenDataOffer[];
  /** null: no fees entered (unknown). */
  fees: {
    membershipPerMonth: FeeAmountView;
    membershipIncludesMedication: boolean | null;
    oneTime: { name: string; label: string; amount: FeeAmountView }[];
    shippingPerOrder: FeeAmountView;
    checked: OpenDataCheck;
  } | null;
  /** null: no terms entered (unknown). */
  terms: {
    minimumTermMonths: number | null;
    autoRenew: boolean | null;
    cancellationNoticeDays: number | null;
    onlineCancellation: boolean | null;
    refundAfterShipping: boolean | null;
    pauseAllowed: boolean | null;
    checked: OpenDataCheck;
  } | null;
}

export interface OpenPriceData {
  credit: string;
  licence: { name: string; url: string };
  /** Where the data is explained. */
  about: string;
  /** When the provider data last changed (ISO), null when unknown. */
  updatedAt: string | null;
  providers: OpenDataProvider[];
}
