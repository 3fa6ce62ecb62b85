/**
 * How a provider's cost-and-trust facts (offers.ts) read in words on the public pages and in
 * the change log: forms, fees, yes/no/unknown, the pharmacy's type, the visit, LegitScript,
 * the source's kind and the check's date. Unknown always reads 'Unknown', never as 0 or 'No'.
 *
 * Type-only imports of offers.ts: the browser imports this module (no zod).
 */
import { formatMg, formatUsd } from '../shared/format';
import { parseDoseMg, type LadderMedication } from '../shared/prices';
import { factFreshness, staleLabel, type FactCheck, type SourceKind } from './facts';
import type { FeeAmount, Offer, Trust } from './offers';
import type { OfferForm } from './offer-vocabulary';

export const MEDICATION_WORDS: Readonly<Record<LadderMedication, string>> = {
  semaglutide: 'Semaglutide',
  tirzepatide: 'Tirzepatide',
};

export const FORM_WORDS: Readonly<Record<OfferForm, string>> = {
  'compounded-vial': 'compounded vial',
  'compounded-other': 'compounded, other form',
  'brand-pen': 'brand-name pen',
  'brand-vial': 'brand-name vial',
  oral: 'oral',
};

export const SOURCE_KIND_WORDS: Readonly<Record<SourceKind, string>> = {
  'provider-page': "provider's page",
  checkout: 'checkout',
  'support-answer': 'support answer',
  regulator: 'regulator',
  'third-party': 'third party',
};

export const PHARMACY_TYPE_WORDS: Readonly<Record<Trust['pharmacyType'], string>> = {
  '503A': '503A compounding pharmacy',
  '503B': '503B outsourcing facility',
  manufacturer: 'Manufacturer',
  unknown: 'Unknown',
};

/** One short line per pharmacy type, shown under it. */
export const PHARMACY_TYPE_NOTES: Readonly<Partial<Record<Trust['pharmacyType'], string>>> = {
  '503A': 'Compounds each prescription for one patient; licensed by its state.',
  '503B':
    'Compounds in bulk as an FDA-registered outsourcing facility under federal manufacturing rules.',
  manufacturer: "The drug maker's own product, not compounded.",
};

export const VISIT_TYPE_WORDS: Readonly<Record<Trust['visitType'], string>> = {
  'live-video': 'Live video visit',
  'live-phone': 'Live phone visit',
  'async-form': 'Online form, no live visit',
  unknown: 'Unknown',
};

export const LEGITSCRIPT_WORDS: Readonly<Record<Trust['legitScript']['status'], string>> = {
  certified: 'Certified',
  'not-certified': 'Not certified',
  unknown: 'Unknown',
};

/** true / false / null -> 'Yes' / 'No' / 'Unknown'. */
export function yesNo(value: boolean | null | undefined): string {
  return value === true ? 'Yes' : value === false ? 'No' : 'Unknown';
}

/** An amount ('$49'), 'Included' or 'Unknown'; `per` follows an amount ('$49/mo'). */
export function feeWords(amount: FeeAmount, per = ''): string {
  switch (amount.kind) {
    case 'amount':
      return `${formatUsd(amount.usd)}${per}`;
    case 'included':
      return 'Included';
    case 'unknown':
      return 'Unknown';
  }
}

/** 'Tirzepatide, compounded vial'. */
export function offerTitle(offer: Pick<Offer, 'medication' | 'form'>): string {
  return `${MEDICATION_WORDS[offer.medication]}, ${FORM_WORDS[offer.form]}`;
}

/** '2.5mg' -> '2.5 mg'; a label that names no dose is shown as entered. */
export function doseWords(label: string): string {
  const mg = parseDoseMg(label);
  return mg === null ? label.trim() : formatMg(mg);
}

/** 3 -> '3 months', 1 -> '1 month'. */
export function monthsWords(n: number): string {
  return `${n} month${n === 1 ? '' : 's'}`;
}

/** 30 -> '30 days', 1 -> '1 day'. */
export function daysWords(n: number): string {
  return `${n} day${n === 1 ? '' : 's'}`;
}

const DAY = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** '2026-11-03' -> 'Nov 3, 2026' (UTC, so server and browser agree); as given when no date. */
export function dayWords(isoDay: string): string {
  const at = new Date(`${isoDay.slice(0, 10)}T00:00:00.000Z`);
  return Number.isNaN(at.getTime()) ? isoDay : DAY.format(at);
}

/**
 * How a fact's check reads on `today`: 'checked Nov 3, 2026', 'not rechecked since Jan 10,
 * 2025' (older than 90 days), 'demo data' (never a date) or 'not checked' (no date).
 */
export function checkWords(check: FactCheck, today: Date | string): string {
  const freshness = factFreshness(check, today);
  switch (freshness.state) {
    case 'demo':
      return 'demo data';
    case 'unchecked':
      return 'not checked';
    case 'fresh':
      return `checked ${dayWords(freshness.checkedOn)}`;
    case 'stale':
      return staleLabel(dayWords(freshness.checkedOn));
  }
}

/** The commission label (facts.trust.commission): never read by the ranking. */
export function commissionWords(commission: boolean | null | undefined): string {
  return commission === true
    ? "We earn a commission from this provider's link"
    : commission === false
      ? 'No commission'
      : 'Commission: unknown';
}
