/**
 * The provider editor's cost-and-trust sections (issue 25) as plain data: what the inputs hold
 * (strings, and 'yes' / 'no' / 'unknown' for every yes/no), how that becomes each group's
 * payload for its own PUT, and where the server's field messages go. No React here, so the
 * rules are tested as tables (tests/providers/ui/facts-form.test.ts).
 *
 * Unknown is a choice of its own everywhere: an empty number is 'not entered' (null), never 0;
 * an amount is an amount, 'included' or 'unknown'.
 */
import {
  feesSchema,
  offersSchema,
  termsSchema,
  trustSchema,
  type CheckedFact,
  type FeeAmount,
  type Fees,
  type Offer,
  type Terms,
  type Trust,
} from '../../../domain/providers/offers';
import {
  ONE_TIME_FEE_NAMES,
  type OfferForm,
  FORMS_WITH_CONCENTRATION,
  LEGITSCRIPT_STATUSES,
  PHARMACY_TYPES,
  VISIT_TYPES,
  OFFER_MEDICATIONS,
} from '../../../domain/providers/offer-vocabulary';
import type { FactGroup, SourceKind } from '../../../domain/providers/facts';
import { compoundedClaimWarnings, claimWarningMessage } from '../../../domain/providers/claims';
import { formatMg } from '../../../domain/shared/format';
import { STANDARD_LADDERS, parseDoseMg } from '../../../domain/shared/prices';
import { schemaFieldErrors, type FieldErrors } from '../../components/form/form-kit';

export type YesNoUnknown = 'yes' | 'no' | 'unknown';
export type AmountKind = FeeAmount['kind'];

/** A group's source and check as the inputs hold them. */
export interface CheckedValues {
  sourceUrl: string;
  sourceKind: SourceKind;
  /** 'YYYY-MM-DD' or ''. */
  checkedOn: string;
  /** Demo content, kept while no date is entered. */
  demo: boolean;
}

export interface AmountValues {
  kind: AmountKind;
  usd: string;
}

export interface OfferValues {
  id: string;
  medication: Offer['medication'];
  form: OfferForm;
  prices: { dose: string; monthly: string }[];
  introMonthly: string;
  introMonths: string;
  plans: { months: string; total: string }[];
  concentration: string;
  checked: CheckedValues;
}

export interface FeesValues {
  membership: AmountValues;
  includesMedication: YesNoUnknown;
  oneTime: { name: Fees['oneTime'][number]['name']; label: string; amount: AmountValues }[];
  shippingPerOrder: AmountValues;
  checked: CheckedValues;
}

export interface TermsValues {
  minimumTermMonths: string;
  autoRenew: YesNoUnknown;
  cancellationNoticeDays: string;
  onlineCancellation: YesNoUnknown;
  refundAfterShipping: YesNoUnknown;
  pauseAllowed: YesNoUnknown;
  checked: CheckedValues;
}

export interface TrustValues {
  pharmacyName: string;
  pharmacyType: Trust['pharmacyType'];
  medicalDirector: string;
  visitType: Trust['visitType'];
  legitScriptStatus: Trust['legitScript']['status'];
  legitScriptUrl: string;
  hsaFsaReceipts: YesNoUnknown;
  insuranceHelp: YesNoUnknown;
  cautions: { text: string; url: string }[];
  commission: YesNoUnknown;
  checked: CheckedValues;
}

export {
  FORMS_WITH_CONCENTRATION,
  LEGITSCRIPT_STATUSES,
  OFFER_MEDICATIONS,
  ONE_TIME_FEE_NAMES,
  PHARMACY_TYPES,
  VISIT_TYPES,
};

// ---- labels ----

export const FORM_LABELS: Readonly<Record<OfferForm, string>> = {
  'compounded-vial': 'Compounded vial',
  'compounded-other': 'Compounded (other form)',
  'brand-pen': 'Brand pen',
  'brand-vial': 'Brand vial',
  oral: 'Oral',
};
export const MEDICATION_LABELS: Readonly<Record<Offer['medication'], string>> = {
  semaglutide: 'Semaglutide',
  tirzepatide: 'Tirzepatide',
};
export const SOURCE_KIND_LABELS: Readonly<Record<SourceKind, string>> = {
  'provider-page': "Provider's page",
  checkout: 'Checkout',
  'support-answer': 'Support answer',
  regulator: 'Regulator',
  'third-party': 'Third party',
};
export const GROUP_LABELS: Readonly<Record<FactGroup, string>> = {
  offers: 'Offers',
  fees: 'Fees',
  terms: 'Exit terms',
  trust: 'Care and trust',
};
export const PHARMACY_TYPE_LABELS: Readonly<Record<Trust['pharmacyType'], string>> = {
  '503A': '503A (compounds per prescription)',
  '503B': '503B (outsourcing facility)',
  manufacturer: 'Manufacturer',
  unknown: 'Unknown',
};
export const VISIT_TYPE_LABELS: Readonly<Record<Trust['visitType'], string>> = {
  'live-video': 'Live video',
  'live-phone': 'Live phone',
  'async-form': 'Asynchronous form',
  unknown: 'Unknown',
};
export const LEGITSCRIPT_LABELS: Readonly<Record<Trust['legitScript']['status'], string>> = {
  certified: 'Certified',
  'not-certified': 'Not certified',
  unknown: 'Unknown',
};
export const ONE_TIME_FEE_NAME_LABELS: Readonly<
  Record<(typeof ONE_TIME_FEE_NAMES)[number], string>
> = { consult: 'Consult', labs: 'Labs', other: 'Other' };

/** The editor section of a group: its anchor on the edit page ('#facts-fees'). */
export const groupAnchor = (group: FactGroup) => `facts-${group}`;

// ---- small conversions ----

/** A number typed in: '' is not entered (null); text that is no number is NaN (refused by the schema). */
export function readNumber(text: string): number | null {
  const trimmed = text.trim().replace(/^\$/, '').replace(/,/g, '');
  return trimmed === '' ? null : Number(trimmed);
}

const numberText = (value: number | null | undefined) =>
  typeof value === 'number' && Number.isFinite(value) ? String(value) : '';

export const yesNo = (value: boolean | null | undefined): YesNoUnknown =>
  value === true ? 'yes' : value === false ? 'no' : 'unknown';
export const fromYesNo = (value: YesNoUnknown): boolean | null =>
  value === 'yes' ? true : value === 'no' ? false : null;

export function amountToValues(amount: FeeAmount | undefined): AmountValues {
  if (!amount) return { kind: 'unknown', usd: '' };
  return amount.kind === 'amount'
    ? { kind: 'amount', usd: numberText(amount.usd) }
    : { kind: amount.kind, usd: '' };
}

/** A group's values as 'Checked today' leaves them: checked on that day, demo no longer. */
export function rechecked<V extends { checked: CheckedValues }>(values: V, checkedOn: string): V {
  return { ...values, checked: { ...values.checked, checkedOn, demo: false } };
}

/** An amount as the schema reads it; an amount left blank is refused by the schema ('must be a number'). */
export function valuesToAmount(values: AmountValues): FeeAmount | { kind: 'amount'; usd: unknown } {
  if (values.kind !== 'amount') return { kind: values.kind };
  return { kind: 'amount', usd: readNumber(values.usd) };
}

export function checkedToValues(
  checked: CheckedFact | undefined | null,
  fallbackUrl: string,
): CheckedValues {
  return {
    sourceUrl: checked?.source?.url ?? fallbackUrl,
    sourceKind: checked?.source?.kind ?? 'provider-page',
    checkedOn: checked?.checkedOn ?? '',
    demo: checked?.demo === true,
  };
}

/**
 * The check as sent: no address, no source; no date, not checked. Demo content stays demo
 * while no date is entered; a date makes it a real check.
 */
export function valuesToChecked(values: CheckedValues): {
  source: { url: string; kind: SourceKind } | null;
  checkedOn: string | null;
  demo?: true;
} {
  const url = values.sourceUrl.trim();
  const checkedOn = values.checkedOn.trim() === '' ? null : values.checkedOn.trim();
  return {
    source: url === '' ? null : { url, kind: values.sourceKind },
    checkedOn,
    ...(values.demo && checkedOn === null ? { demo: true as const } : {}),
  };
}

// ---- offers ----

/** An offer id from its medication and form, unique among `taken` ('tirzepatide-vial-2'). */
export function newOfferId(
  medication: Offer['medication'],
  form: OfferForm,
  taken: readonly string[],
): string {
  const base = `${medication}-${form}`;
  if (!taken.includes(base)) return base;
  let n = 2;
  while (taken.includes(`${base}-${n}`)) n++;
  return `${base}-${n}`;
}

export function emptyOffer(
  medication: Offer['medication'],
  taken: readonly string[],
  websiteUrl: string,
): OfferValues {
  const form: OfferForm = 'compounded-vial';
  return {
    id: newOfferId(medication, form, taken),
    medication,
    form,
    prices: STANDARD_LADDERS[medication].map((mg) => ({ dose: formatMg(mg), monthly: '' })),
    introMonthly: '',
    introMonths: '',
    plans: [],
    concentration: '',
    checked: checkedToValues(null, websiteUrl),
  };
}

export function offerToValues(offer: Offer, websiteUrl: string): OfferValues {
  return {
    id: offer.id,
    medication: offer.medication,
    form: offer.form,
    prices: offer.prices.map((p) => ({ dose: p.dose, monthly: numberText(p.monthly) })),
    introMonthly: numberText(offer.intro?.monthly),
    introMonths: numberText(offer.intro?.months),
    plans: offer.plans.map((p) => ({ months: numberText(p.months), total: numberText(p.total) })),
    concentration: numberText(offer.concentrationMgPerMl),
    checked: checkedToValues(offer.checked, websiteUrl),
  };
}

/**
 * The offers as sent. A dose row without a price publishes nothing (the ladder's doses can sit
 * unpriced); an introduction with neither field is none; a plan row left blank is dropped. What
 * is half-filled is sent as it is, for the schema to name.
 */
export function valuesToOffers(values: readonly OfferValues[]): unknown[] {
  return values.map((offer) => {
    const introMonthly = readNumber(offer.introMonthly);
    const introMonths = readNumber(offer.introMonths);
    return {
      id: offer.id.trim(),
      medication: offer.medication,
      form: offer.form,
      prices: offer.prices
        .filter((row) => row.monthly.trim() !== '')
        .map((row) => ({ dose: row.dose.trim(), monthly: readNumber(row.monthly) })),
      intro:
        introMonthly === null && introMonths === null
          ? null
          : { monthly: introMonthly, months: introMonths },
      plans: offer.plans
        .filter((plan) => plan.months.trim() !== '' || plan.total.trim() !== '')
        .map((plan) => ({ months: readNumber(plan.months), total: readNumber(plan.total) })),
      concentrationMgPerMl: FORMS_WITH_CONCENTRATION.includes(offer.form)
        ? readNumber(offer.concentration)
        : null,
      checked: valuesToChecked(offer.checked),
    };
  });
}

/**
 * Where a message of the offers' schema goes: a price path names its row in the payload, which
 * drops unpriced rows, so 'N.prices.I.x' is moved back to the row on screen.
 */
export function offerErrorsToForm(
  errors: FieldErrors,
  values: readonly OfferValues[],
): FieldErrors {
  const out: FieldErrors = {};
  for (const [path, message] of Object.entries(errors)) {
    const match = /^(\d+)\.prices\.(\d+)(\..*)?$/.exec(path);
    let at = path;
    if (match) {
      const offer = values[Number(match[1])];
      const shown = offer?.prices
        .map((row, index) => ({ row, index }))
        .filter(({ row }) => row.monthly.trim() !== '')[Number(match[2])];
      at = shown ? `${match[1]}.prices.${shown.index}` : `${match[1]}.prices`;
    }
    out[at] ??= message;
  }
  return out;
}

export function validateOffers(values: readonly OfferValues[]): FieldErrors {
  return offerErrorsToForm(schemaFieldErrors(offersSchema, valuesToOffers(values)), values);
}

/** The ladder's doses the offer does not list yet, appended unpriced. */
export function withLadderDoses(offer: OfferValues): OfferValues {
  const listed = new Set(offer.prices.map((row) => parseDoseMg(row.dose)));
  const missing = STANDARD_LADDERS[offer.medication]
    .filter((mg) => !listed.has(mg))
    .map((mg) => ({ dose: formatMg(mg), monthly: '' }));
  const prices = [...offer.prices, ...missing].sort(
    (a, b) =>
      (parseDoseMg(a.dose) ?? Number.POSITIVE_INFINITY) -
      (parseDoseMg(b.dose) ?? Number.POSITIVE_INFINITY),
  );
  return { ...offer, prices };
}

// ---- fees ----

export function feesToValues(fees: Fees | null | undefined, websiteUrl: string): FeesValues {
  return {
    membership: amountToValues(fees?.membership.amount),
    includesMedication: yesNo(fees?.membership.includesMedication),
    oneTime: (fees?.oneTime ?? []).map((fee) => ({
      name: fee.name,
      label: fee.label,
      amount: amountToValues(fee.amount),
    })),
    shippingPerOrder: amountToValues(fees?.shippingPerOrder),
    checked: checkedToValues(fees?.checked, websiteUrl),
  };
}

export function valuesToFees(values: FeesValues): unknown {
  return {
    membership: {
      amount: valuesToAmount(values.membership),
      includesMedication: fromYesNo(values.includesMedication),
    },
    oneTime: values.oneTime.map((fee) => ({
      name: fee.name,
      label: fee.label.trim(),
      amount: valuesToAmount(fee.amount),
    })),
    shippingPerOrder: valuesToAmount(values.shippingPerOrder),
    checked: valuesToChecked(values.checked),
  };
}

export const validateFees = (values: FeesValues): FieldErrors =>
  schemaFieldErrors(feesSchema, valuesToFees(values));

// ---- terms ----

export function termsToValues(terms: Terms | null | undefined, websiteUrl: string): TermsValues {
  return {
    minimumTermMonths: numberText(terms?.minimumTermMonths),
    autoRenew: yesNo(terms?.autoRenew),
    cancellationNoticeDays: numberText(terms?.cancellationNoticeDays),
    onlineCancellation: yesNo(terms?.onlineCancellation),
    refundAfterShipping: yesNo(terms?.refundAfterShipping),
    pauseAllowed: yesNo(terms?.pauseAllowed),
    checked: checkedToValues(terms?.checked, websiteUrl),
  };
}

export function valuesToTerms(values: TermsValues): unknown {
  return {
    minimumTermMonths: readNumber(values.minimumTermMonths),
    autoRenew: fromYesNo(values.autoRenew),
    cancellationNoticeDays: readNumber(values.cancellationNoticeDays),
    onlineCancellation: fromYesNo(values.onlineCancellation),
    refundAfterShipping: fromYesNo(values.refundAfterShipping),
    pauseAllowed: fromYesNo(values.pauseAllowed),
    checked: valuesToChecked(values.checked),
  };
}

export const validateTerms = (values: TermsValues): FieldErrors =>
  schemaFieldErrors(termsSchema, valuesToTerms(values));

// ---- care and trust ----

export function trustToValues(trust: Trust | null | undefined, websiteUrl: string): TrustValues {
  return {
    pharmacyName: trust?.pharmacyName ?? '',
    pharmacyType: trust?.pharmacyType ?? 'unknown',
    medicalDirector: trust?.medicalDirector ?? '',
    visitType: trust?.visitType ?? 'unknown',
    legitScriptStatus: trust?.legitScript.status ?? 'unknown',
    legitScriptUrl: trust?.legitScript.recordUrl ?? '',
    hsaFsaReceipts: yesNo(trust?.hsaFsaReceipts),
    insuranceHelp: yesNo(trust?.insuranceHelp),
    cautions: (trust?.cautions ?? []).map((c) => ({ text: c.text, url: c.url })),
    commission: yesNo(trust?.commission),
    checked: checkedToValues(trust?.checked, websiteUrl),
  };
}

export function valuesToTrust(values: TrustValues): unknown {
  return {
    pharmacyName: values.pharmacyName.trim(),
    pharmacyType: values.pharmacyType,
    medicalDirector: values.medicalDirector.trim(),
    visitType: values.visitType,
    legitScript: { status: values.legitScriptStatus, recordUrl: values.legitScriptUrl.trim() },
    hsaFsaReceipts: fromYesNo(values.hsaFsaReceipts),
    insuranceHelp: fromYesNo(values.insuranceHelp),
    cautions: values.cautions
      .filter((c) => c.text.trim() !== '' || c.url.trim() !== '')
      .map((c) => ({ text: c.text.trim(), url: c.url.trim() })),
    commission: fromYesNo(values.commission),
    checked: valuesToChecked(values.checked),
  };
}

/** The form's field of a trust message: 'legitScript.recordUrl' -> 'legitScriptUrl'. */
export function trustErrorsToForm(errors: FieldErrors): FieldErrors {
  const out: FieldErrors = {};
  for (const [path, message] of Object.entries(errors)) {
    const at = path
      .replace(/^legitScript\.status$/, 'legitScriptStatus')
      .replace(/^legitScript\.recordUrl$/, 'legitScriptUrl');
    out[at] ??= message;
  }
  return out;
}

export const validateTrust = (values: TrustValues): FieldErrors =>
  trustErrorsToForm(schemaFieldErrors(trustSchema, valuesToTrust(values)));

// ---- server answers and messages ----

/** The server's 400 fields for one group ('fees.membership.amount.usd') -> the section's ('membership.amount.usd'). */
export function groupFieldErrors(
  fields: Readonly<Record<string, string>>,
  group: FactGroup,
): { byField: FieldErrors; other: string[] } {
  const byField: FieldErrors = {};
  const other: string[] = [];
  const prefix = `${group}.`;
  for (const [path, message] of Object.entries(fields)) {
    if (path.startsWith(prefix)) byField[path.slice(prefix.length)] ??= message;
    else other.push(message);
  }
  return { byField, other };
}

/**
 * The first message at `path` or below it ('membership.amount' finds
 * 'membership.amount.usd'): one field on screen may stand for a small object.
 */
export function errorAt(errors: FieldErrors, path: string): string | undefined {
  if (errors[path] !== undefined) return errors[path];
  const below = Object.keys(errors).find((key) => key.startsWith(`${path}.`));
  return below === undefined ? undefined : errors[below];
}

/**
 * The claim warning for a text typed about a compounded offer (claims.ts): null when the
 * provider sells nothing compounded or the text has no risky phrase. It warns; it never blocks.
 */
export function claimWarning(text: string, compounded: boolean): string | null {
  if (!compounded) return null;
  return claimWarningMessage(compoundedClaimWarnings(text));
}

/** Whether any of the offers on screen (or, before any, the provider's listing) is compounded. */
export function sellsCompounded(offers: readonly { form: OfferForm }[]): boolean {
  return offers.some((offer) => offer.form.startsWith('compounded'));
}

/** The age column of the recheck list: '120 days', '1 day', or 'Never checked'. */
export function recheckAge(ageDays: number | null): string {
  if (ageDays === null) return 'Never checked';
  return `${ageDays} ${ageDays === 1 ? 'day' : 'days'}`;
}
