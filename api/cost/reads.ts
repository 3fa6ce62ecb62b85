/**
 * The cost capability's reads: the /cost page's data for its URL parameters, and the open
 * price data (JSON and CSV rows) of every listed provider. A wrong parameter is a 400 naming
 * it, never a 5xx, whatever the value.
 */
import { parseCostChoice, type CostGroup, type RankedCost } from '../../domain/cost';
import {
  factFreshness,
  oneTimeFeeLabel,
  type FactCheck,
  type FeeAmount,
  type Fees,
  type Offer,
} from '../../domain/providers';
import { parseDoseMg, STANDARD_LADDERS } from '../../domain/shared/prices';
import { stateName } from '../../domain/shared/reference/states';
import type { CostListedProvider, CostQueries } from '../../projections/cost';
import { HttpError } from '../http/errors';
import {
  COST_PAGE_PATH,
  COST_PAGE_SIZE,
  OPEN_DATA_CREDIT,
  OPEN_DATA_LICENCE,
  OPEN_DATA_LICENCE_URL,
  type CheckLabelView,
  type CostPageView,
  type CostRowView,
  type FeeAmountView,
  type OpenDataCheck,
  type OpenPriceData,
} from './contracts';

export const COST_PAGE_MESSAGES = {
  invalid: 'Some choices are not valid: see the fields named',
  page: 'Page must be a whole number from 1 to 1000',
} as const;

const OFFER_FORM_LABELS: Readonly<Record<string, string>> = {
  'compounded-vial': 'Compounded vial',
  'compounded-other': 'Compounded (other form)',
  'brand-pen': 'Brand pen',
  'brand-vial': 'Brand vial',
  oral: 'Oral',
};

/** How a check reads on `today`. */
export function checkLabel(checked: FactCheck, today: Date): CheckLabelView {
  const freshness = factFreshness(checked, today);
  switch (freshness.state) {
    case 'demo':
      return { state: 'demo', text: 'demo data' };
    case 'unchecked':
      return { state: 'unchecked', text: 'not checked' };
    case 'fresh':
      return { state: 'fresh', text: `checked ${freshness.checkedOn}` };
    case 'stale':
      return { state: 'stale', text: freshness.label };
  }
}

const UNCHECKED: CheckLabelView = { state: 'unchecked', text: 'not checked' };

function rowView(ranked: RankedCost<CostListedProvider>, place: number, today: Date): CostRowView {
  const { provider, offer, cost } = ranked;
  const { terms } = provider;
  return {
    place,
    name: provider.name,
    slug: provider.slug,
    group: ranked.group,
    total: cost.total,
    knownTotal: cost.knownTotal,
    monthlyAverage: ranked.monthlyAverage,
    firstMonthUsd: cost.fills[0]?.usd ?? null,
    unknownItems: cost.unknownItems,
    stopsAtDoseMg: cost.stopsAtDoseMg,
    offer: {
      id: offer.id,
      form: offer.form,
      formLabel: OFFER_FORM_LABELS[offer.form] ?? offer.form,
      concentrationMgPerMl: offer.concentrationMgPerMl,
      checked: checkLabel(offer.checked, today),
    },
    plan: cost.plan ? { months: cost.plan.months, total: cost.plan.total } : null,
    fills: cost.fills.map(({ fill, doseMg, usd, intro }) => ({ fill, doseMg, usd, intro })),
    items: cost.items.map((item) => ({ ...item })),
    feesChecked: provider.fees ? checkLabel(provider.fees.checked, today) : UNCHECKED,
    commission: provider.commission,
    exit: terms
      ? {
          minimumTermMonths: terms.minimumTermMonths,
          cancellationNoticeDays: terms.cancellationNoticeDays,
          autoRenew: terms.autoRenew,
          onlineCancellation: terms.onlineCancellation,
          checked: checkLabel(terms.checked, today),
        }
      : null,
  };
}

function pageNumber(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 1;
  const text = value.trim();
  if (!/^\d{1,4}$/.test(text) || Number(text) < 1 || Number(text) > 1000) {
    throw new HttpError(400, COST_PAGE_MESSAGES.invalid, { page: COST_PAGE_MESSAGES.page });
  }
  return Number(text);
}

/** GET /api/cost: the page's choices, checked, and the ranking for them (25 rows a page). */
export async function readCostPage(
  queries: CostQueries,
  params: Readonly<Record<string, string>>,
  today = new Date(),
): Promise<CostPageView> {
  const parsed = parseCostChoice(params);
  const rawPage = Object.hasOwn(params, 'page') ? params.page : undefined;
  if (!parsed.ok) {
    const fields: Record<string, string> = { ...parsed.fields };
    try {
      pageNumber(rawPage);
    } catch {
      fields.page = COST_PAGE_MESSAGES.page;
    }
    throw new HttpError(400, COST_PAGE_MESSAGES.invalid, fields);
  }
  const page = pageNumber(rawPage);
  const { choice, zipState, values: base } = parsed;
  const ladder = STANDARD_LADDERS[base.medication];
  const view: CostPageView = {
    choice: {
      medication: base.medication,
      form: base.form,
      months: base.months,
      state: choice?.state ?? null,
      stateName: choice ? stateName(choice.state) : null,
      zipState,
      maintenanceDoseMg: base.maintenanceDoseMg ?? (ladder[ladder.length - 1] as number),
      doseGiven: base.maintenanceDoseMg !== undefined,
    },
    ranking: null,
  };
  if (!choice) return view;
  const ranked = await queries.costRanking(choice);
  const counts: Record<CostGroup, number> = { known: 0, 'unknown-fees': 0, stops: 0 };
  for (const row of ranked) counts[row.group] += 1;
  const pageCount = Math.max(1, Math.ceil(ranked.length / COST_PAGE_SIZE));
  const start = (Math.min(page, pageCount) - 1) * COST_PAGE_SIZE;
  view.ranking = {
    rows: ranked
      .slice(start, start + COST_PAGE_SIZE)
      .map((row, i) => rowView(row, start + i + 1, today)),
    counts,
    total: ranked.length,
    page: Math.min(page, pageCount),
    pageCount,
  };
  return view;
}

// ---- open data ----

function dataCheck(checked: Offer['checked']): OpenDataCheck {
  if (checked.demo === true) return { checkedOn: null, label: 'demo data', source: checked.source };
  return {
    checkedOn: checked.checkedOn,
    label: checked.checkedOn ?? 'unknown',
    source: checked.source,
  };
}

const amountView = (amount: FeeAmount): FeeAmountView =>
  amount.kind === 'amount' ? amount.usd : amount.kind;

function feesView(fees: Fees | null): OpenPriceData['providers'][number]['fees'] {
  if (!fees) return null;
  return {
    membershipPerMonth: amountView(fees.membership.amount),
    membershipIncludesMedication: fees.membership.includesMedication,
    oneTime: fees.oneTime.map((fee) => ({
      name: fee.name,
      label: oneTimeFeeLabel(fee),
      amount: amountView(fee.amount),
    })),
    shippingPerOrder: amountView(fees.shippingPerOrder),
    checked: dataCheck(fees.checked),
  };
}

/** GET /data/prices.json: every listed provider's every offer, fees and terms, credited. */
export function openPriceData(
  providers: readonly CostListedProvider[],
  publicUrl: string,
  updatedAt: string | null,
): OpenPriceData {
  const origin = publicUrl.replace(/\/+$/, '');
  return {
    credit: OPEN_DATA_CREDIT,
    licence: { name: OPEN_DATA_LICENCE, url: OPEN_DATA_LICENCE_URL },
    about: `${origin}${COST_PAGE_PATH}#open-data`,
    updatedAt,
    providers: providers.map((p) => ({
      name: p.name,
      page: `${origin}/providers/${p.slug}`,
      states: [...p.states],
      commission: p.commission,
      offers: p.offers.map((offer) => ({
        id: offer.id,
        medication: offer.medication,
        form: offer.form,
        prices: offer.prices.map(({ dose, monthly }) => ({
          dose,
          doseMg: parseDoseMg(dose),
          monthlyUsd: monthly,
        })),
        intro: offer.intro ? { monthlyUsd: offer.intro.monthly, months: offer.intro.months } : null,
        plans: offer.plans.map((plan) => ({ months: plan.months, totalUsd: plan.total })),
        concentrationMgPerMl: offer.concentrationMgPerMl,
        checked: dataCheck(offer.checked),
      })),
      fees: feesView(p.fees),
      terms: p.terms
        ? {
            minimumTermMonths: p.terms.minimumTermMonths,
            autoRenew: p.terms.autoRenew,
            cancellationNoticeDays: p.terms.cancellationNoticeDays,
            onlineCancellation: p.terms.onlineCancellation,
            refundAfterShipping: p.terms.refundAfterShipping,
            pauseAllowed: p.terms.pauseAllowed,
            checked: dataCheck(p.terms.checked),
          }
        : null,
    })),
  };
}

export const OPEN_DATA_CSV_HEADER = [
  'provider',
  'provider_page',
  'commission',
  'offer_id',
  'medication',
  'form',
  'dose',
  'dose_mg',
  'monthly_usd',
  'intro_monthly_usd',
  'intro_months',
  'plans',
  'concentration_mg_per_ml',
  'offer_checked',
  'offer_source',
  'membership_usd_per_month',
  'membership_includes_medication',
  'one_time_fees',
  'shipping_usd_per_order',
  'fees_checked',
  'minimum_term_months',
  'auto_renew',
  'cancellation_notice_days',
  'online_cancellation',
  'refund_after_shipping',
  'pause_allowed',
  'terms_checked',
] as const;

type CsvValue = string | number | null;

const yesNo = (value: boolean | null | undefined): string =>
  value === true ? 'yes' : value === false ? 'no' : 'unknown';
const known = (value: number | null | undefined): CsvValue =>
  value === null || value === undefined ? 'unknown' : value;
const feeCell = (amount: FeeAmountView | undefined): CsvValue => amount ?? 'unknown';

/**
 * The CSV's rows: one per offer and dose (an offer without prices: one row, price unknown),
 * the provider's fees and terms repeated on each, 'unknown' where nothing was entered.
 */
export function openPriceCsvRows(data: OpenPriceData): CsvValue[][] {
  const rows: CsvValue[][] = [];
  for (const provider of data.providers) {
    const { fees, terms } = provider;
    const tail: CsvValue[] = [
      feeCell(fees?.membershipPerMonth),
      yesNo(fees?.membershipIncludesMedication),
      fees ? fees.oneTime.map((fee) => `${fee.label}: ${fee.amount}`).join('; ') : 'unknown',
      feeCell(fees?.shippingPerOrder),
      fees?.checked.label ?? 'unknown',
      known(terms?.minimumTermMonths),
      yesNo(terms?.autoRenew),
      known(terms?.cancellationNoticeDays),
      yesNo(terms?.onlineCancellation),
      yesNo(terms?.refundAfterShipping),
      yesNo(terms?.pauseAllowed),
      terms?.checked.label ?? 'unknown',
    ];
    for (const offer of provider.offers) {
      const offerCells = (dose: CsvValue, doseMg: CsvValue, monthly: CsvValue): CsvValue[] => [
        provider.name,
        provider.page,
        yesNo(provider.commission),
        offer.id,
        offer.medication,
        offer.form,
        dose,
        doseMg,
        monthly,
        offer.intro?.monthlyUsd ?? '',
        offer.intro?.months ?? '',
        offer.plans.map((plan) => `${plan.months} months: ${plan.totalUsd}`).join('; '),
        offer.concentrationMgPerMl ?? '',
        offer.checked.label,
        offer.checked.source?.url ?? '',
        ...tail,
      ];
      if (offer.prices.length === 0) rows.push(offerCells('', '', 'unknown'));
      for (const price of offer.prices) {
        rows.push(offerCells(price.dose, price.doseMg, price.monthlyUsd));
      }
    }
  }
  return rows;
}
