/**
 * The provider page's cost-and-trust part (issue 25), from the facts an administrator entered:
 * what each offer costs all in over 3, 6 and 12 months (all-in-cost.ts, held at the top of the
 * label's ladder: the page shows the whole path, and names a dose an offer has no price for), the
 * offers themselves, the fees, the exit terms ('Can I leave?'), the care-and-trust facts, each
 * group with its source and how its check reads today, and the commission label. The compare
 * table reads the cheapest offer of each medication from it; the cards read `allInMonthly`.
 *
 * Nothing is filled in: a group never entered is null ('Not entered yet' on the page), an
 * unknown value reads 'Unknown', an unknown fee keeps a total unknown. Values are words and
 * numbers as shown, so the page and the compare table only lay them out.
 */
import { allInCost, type AllInCost } from './all-in-cost';
import {
  checkWords,
  commissionWords,
  daysWords,
  doseWords,
  feeWords,
  FORM_WORDS,
  LEGITSCRIPT_WORDS,
  monthsWords,
  offerTitle,
  PHARMACY_TYPE_NOTES,
  PHARMACY_TYPE_WORDS,
  SOURCE_KIND_WORDS,
  VISIT_TYPE_WORDS,
  yesNo,
} from './fact-words';
import { factFreshness, type FactFreshness, type SourceKind } from './facts';
import { type CheckedFact, type Fees, type Offer, type ProviderFacts } from './offers';
import { effectiveOffers } from './offer-tables';
import { oneTimeFeeLabel } from './offer-vocabulary';
import type { ProviderPrices } from './provider';
import { formatMg, formatUsd } from '../shared/format';
import { parseDoseMg, type LadderMedication } from '../shared/prices';

/** The horizons the provider page and the compare table total. */
export const PAGE_COST_MONTHS = [3, 6, 12] as const;
export type PageCostMonths = (typeof PAGE_COST_MONTHS)[number];

/** Where a group of facts was read and how its check reads today. */
export interface CheckView {
  state: FactFreshness['state'];
  /** 'checked Nov 3, 2026' / 'not rechecked since Jan 10, 2025' / 'demo data' / 'not checked'. */
  label: string;
  /** null: no source was entered. */
  source: { url: string; kind: SourceKind; kindLabel: string } | null;
}

export interface CostLineView {
  label: string;
  /** '$1,234', 'Included' or 'Unknown'. */
  amount: string;
  note: string | null;
}

/** One offer's all-in total over some months. */
export interface OfferTotalView {
  months: PageCostMonths;
  /** null: some item is unknown, or a dose on the path has no price. */
  total: number | null;
  /** The sum of the known items. */
  knownTotal: number;
  /** 'Labs fee', 'Membership fee'… ('includes unknown fees: Labs fee'). */
  unknownItems: string[];
  /** '7.5 mg' when the offer has no price for a dose on the path; else null. */
  stopsAt: string | null;
  items: CostLineView[];
}

export interface OfferView {
  id: string;
  medication: LadderMedication;
  /** 'Tirzepatide, compounded vial'. */
  title: string;
  /** 'compounded vial'. */
  form: string;
  /** Doses ascending (labels that name no dose last), as entered. */
  prices: { dose: string; monthly: number }[];
  intro: { monthly: number; months: number } | null;
  plans: { months: number; total: number }[];
  /** '10 mg/ml'; null when not entered. */
  concentration: string | null;
  check: CheckView;
  totals: OfferTotalView[];
  /** One month at the top dose, all in (no one-time fees); null when any part is unknown. */
  monthlyAllIn: number | null;
}

export interface FeesView {
  /** '$49/mo', 'Included' or 'Unknown'. */
  membership: string;
  /** 'Yes' / 'No' / 'Unknown'. */
  membershipIncludesMedication: string;
  oneTime: { label: string; amount: string }[];
  /** '$10 per order', 'Included' or 'Unknown'. */
  shipping: string;
  check: CheckView;
}

export interface FactRowView {
  label: string;
  value: string;
  /** One short explaining line (the pharmacy's type). */
  note?: string;
  /** A link that proves the value (the LegitScript record). */
  link?: { url: string; text: string };
}

export interface TermsView {
  rows: FactRowView[];
  /** The compare table's two rows: 'Unknown' when not entered. */
  minimumTerm: string;
  cancellationNotice: string;
  check: CheckView;
}

export interface TrustView {
  rows: FactRowView[];
  cautions: { text: string; url: string | null }[];
  check: CheckView;
}

/** The cheapest offer's total for one medication and horizon (the compare table's row). */
export interface CheapestTotalView {
  medication: LadderMedication;
  months: PageCostMonths;
  /** 'Tirzepatide, compounded vial, $1,234' or why there is none. */
  text: string;
  total: number | null;
}

export interface ProviderCostsView {
  /** Offers entered, or the upcast of the price tables; [] when no price was ever entered. */
  offers: OfferView[];
  fees: FeesView | null;
  terms: TermsView | null;
  trust: TrustView | null;
  commission: boolean | null;
  /** 'We earn a commission from this provider's link' / 'No commission' / 'Commission: unknown'. */
  commissionLabel: string;
  cheapestTotals: CheapestTotalView[];
}

/** The cost-and-trust record as the provider page reads it (ProviderDoc has it). */
export interface CostsSource {
  facts?: ProviderFacts | null;
  prices: ProviderPrices;
  pricesCheckedAt?: string | null;
  websiteUrl: string;
}

export function checkView(checked: CheckedFact, today: Date | string): CheckView {
  return {
    state: factFreshness(checked, today).state,
    label: checkWords(checked, today),
    source: checked.source
      ? {
          url: checked.source.url,
          kind: checked.source.kind,
          kindLabel: SOURCE_KIND_WORDS[checked.source.kind],
        }
      : null,
  };
}

const byDose = (a: { dose: string }, b: { dose: string }) => {
  const [x, y] = [parseDoseMg(a.dose), parseDoseMg(b.dose)];
  return x === null ? (y === null ? 0 : 1) : y === null ? -1 : x - y;
};

function amountWords(usd: number | null, note: string | undefined): string {
  if (usd === null) return 'Unknown';
  if (usd === 0 && note === 'Included') return 'Included';
  return formatUsd(usd);
}

export function totalView(cost: AllInCost): OfferTotalView {
  return {
    months: cost.months as PageCostMonths,
    total: cost.total,
    knownTotal: cost.knownTotal,
    unknownItems: cost.unknownItems,
    stopsAt: cost.stopsAtDoseMg === null ? null : formatMg(cost.stopsAtDoseMg),
    items: cost.items.map((item) => ({
      label: item.label,
      amount: amountWords(item.usd, item.note),
      // 'Included' / 'Unknown' are the amount already.
      note:
        item.note === undefined || item.note === 'Included' || item.note === 'Unknown'
          ? null
          : item.note,
    })),
  };
}

function offerView(offer: Offer, fees: Fees | null, today: Date | string): OfferView {
  const costs = PAGE_COST_MONTHS.map((months) => allInCost({ offer, fees, months }));
  return {
    id: offer.id,
    medication: offer.medication,
    title: offerTitle(offer),
    form: FORM_WORDS[offer.form],
    prices: offer.prices.map((p) => ({ dose: doseWords(p.dose), monthly: p.monthly })).sort(byDose),
    intro: offer.intro,
    plans: [...offer.plans].sort((a, b) => a.months - b.months),
    concentration:
      offer.concentrationMgPerMl === null ? null : `${offer.concentrationMgPerMl} mg/ml`,
    check: checkView(offer.checked, today),
    totals: costs.map(totalView),
    monthlyAllIn: costs[0]?.monthlyAllInAtMaintenance ?? null,
  };
}

export function feesView(fees: Fees, today: Date | string): FeesView {
  return {
    membership: feeWords(fees.membership.amount, '/mo'),
    membershipIncludesMedication: yesNo(fees.membership.includesMedication),
    oneTime: fees.oneTime.map((fee) => ({
      label: oneTimeFeeLabel(fee),
      amount: feeWords(fee.amount),
    })),
    shipping: feeWords(fees.shippingPerOrder, ' per order'),
    check: checkView(fees.checked, today),
  };
}

export function termsView(
  terms: NonNullable<ProviderFacts['terms']>,
  today: Date | string,
): TermsView {
  const minimumTerm =
    terms.minimumTermMonths === null
      ? 'Unknown'
      : terms.minimumTermMonths === 0
        ? 'None'
        : monthsWords(terms.minimumTermMonths);
  const cancellationNotice =
    terms.cancellationNoticeDays === null
      ? 'Unknown'
      : terms.cancellationNoticeDays === 0
        ? 'None'
        : daysWords(terms.cancellationNoticeDays);
  return {
    rows: [
      { label: 'Minimum term', value: minimumTerm },
      { label: 'Renews automatically', value: yesNo(terms.autoRenew) },
      { label: 'Cancellation notice', value: cancellationNotice },
      { label: 'Cancel online', value: yesNo(terms.onlineCancellation) },
      { label: 'Refund after shipping', value: yesNo(terms.refundAfterShipping) },
      { label: 'Pause allowed', value: yesNo(terms.pauseAllowed) },
    ],
    minimumTerm,
    cancellationNotice,
    check: checkView(terms.checked, today),
  };
}

const orUnknown = (text: string) => (text.trim() === '' ? 'Unknown' : text.trim());

export function trustView(
  trust: NonNullable<ProviderFacts['trust']>,
  today: Date | string,
): TrustView {
  const note = PHARMACY_TYPE_NOTES[trust.pharmacyType];
  const record = trust.legitScript.recordUrl.trim();
  return {
    rows: [
      { label: 'Pharmacy', value: orUnknown(trust.pharmacyName) },
      {
        label: 'Pharmacy type',
        value: PHARMACY_TYPE_WORDS[trust.pharmacyType],
        ...(note ? { note } : {}),
      },
      { label: 'Medical director', value: orUnknown(trust.medicalDirector) },
      { label: 'Visit', value: VISIT_TYPE_WORDS[trust.visitType] },
      {
        label: 'LegitScript',
        value: LEGITSCRIPT_WORDS[trust.legitScript.status],
        ...(record ? { link: { url: record, text: 'LegitScript record' } } : {}),
      },
      { label: 'HSA/FSA receipts', value: yesNo(trust.hsaFsaReceipts) },
      { label: 'Insurance or prior-authorisation help', value: yesNo(trust.insuranceHelp) },
    ],
    cautions: trust.cautions.map((c) => ({
      text: c.text,
      url: c.url.trim() === '' ? null : c.url,
    })),
    check: checkView(trust.checked, today),
  };
}

/**
 * For each medication offered and each horizon: the lowest fully known total over its offers;
 * when none is fully known, why ('includes unknown fees: …', 'no price for …').
 */
export function cheapestTotals(offers: readonly OfferView[]): CheapestTotalView[] {
  const medications = (['semaglutide', 'tirzepatide'] as const).filter((m) =>
    offers.some((o) => o.medication === m),
  );
  return medications.flatMap((medication) =>
    PAGE_COST_MONTHS.map((months): CheapestTotalView => {
      const candidates = offers
        .filter((o) => o.medication === medication)
        .map((o) => ({ offer: o, total: o.totals.find((t) => t.months === months) }))
        .filter((c): c is { offer: OfferView; total: OfferTotalView } => c.total !== undefined);
      const known = candidates
        .filter((c) => c.total.total !== null)
        .sort((a, b) => (a.total.total as number) - (b.total.total as number))[0];
      if (known) {
        return {
          medication,
          months,
          total: known.total.total,
          text: `${formatUsd(known.total.total as number)} (${known.offer.form})`,
        };
      }
      const stops = candidates.find((c) => c.total.stopsAt !== null);
      const unknown = candidates.find((c) => c.total.unknownItems.some((i) => i !== 'Medication'));
      const reasons = [
        ...(unknown
          ? [
              `includes unknown fees: ${unknown.total.unknownItems.filter((i) => i !== 'Medication').join(', ')}`,
            ]
          : []),
        ...(stops ? [`no price for ${stops.total.stopsAt}`] : []),
      ];
      return { medication, months, total: null, text: `Unknown (${reasons.join('; ')})` };
    }),
  );
}

/** The provider page's cost-and-trust view on `today` (checks older than 90 days say so). */
export function providerCosts(record: CostsSource, today: Date | string): ProviderCostsView {
  const facts = record.facts ?? null;
  const fees = facts?.fees ?? null;
  const offers = effectiveOffers(record)
    .filter((offer) => offer.prices.length > 0 || offer.plans.length > 0)
    .map((offer) => offerView(offer, fees, today));
  const commission = facts?.trust?.commission ?? null;
  return {
    offers,
    fees: fees ? feesView(fees, today) : null,
    terms: facts?.terms ? termsView(facts.terms, today) : null,
    trust: facts?.trust ? trustView(facts.trust, today) : null,
    commission,
    commissionLabel: commissionWords(commission),
    cheapestTotals: cheapestTotals(offers),
  };
}

/** The card's 'from $X/mo all-in': the lowest fully known month at the top dose. */
export interface AllInMonthly {
  monthly: number;
  medication: LadderMedication;
  /** The dose it is priced at: '15 mg'. */
  dose: string;
}

export function cardAllInMonthly(record: CostsSource): AllInMonthly | null {
  const fees = record.facts?.fees ?? null;
  if (fees === null) return null;
  let best: AllInMonthly | null = null;
  for (const offer of effectiveOffers(record)) {
    const cost = allInCost({ offer, fees, months: 1 });
    const monthly = cost.monthlyAllInAtMaintenance;
    if (monthly !== null && (best === null || monthly < best.monthly)) {
      best = { monthly, medication: offer.medication, dose: formatMg(cost.maintenanceDoseMg) };
    }
  }
  return best;
}
