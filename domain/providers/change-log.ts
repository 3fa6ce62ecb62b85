/**
 * A provider's public change log (/providers/{slug}/changes, issue 25): every price, offer,
 * fee, exit-term and trust-fact change and every check, dated, in plain words, with the value
 * before and after where one value changed ('Tirzepatide 5 mg: $299/mo → $329/mo', 'Minimum
 * term: Unknown → 3 months'). Who made the change is never part of an entry.
 *
 * The rules diff what a provider stood on before an event (`ChangeBase`) against what the
 * event says; projections/providers/changes.ts keeps the base per provider. Pure: the
 * browser imports the types only.
 */
import { formatUsd } from '../shared/format';
import { doseKey, parseDoseMg } from '../shared/prices';
import {
  daysWords,
  doseWords,
  feeWords,
  FORM_WORDS,
  LEGITSCRIPT_WORDS,
  MEDICATION_WORDS,
  monthsWords,
  offerTitle,
  PHARMACY_TYPE_WORDS,
  SOURCE_KIND_WORDS,
  VISIT_TYPE_WORDS,
  yesNo,
} from './fact-words';
import type { FactGroup, SourceKind } from './facts';
import { type Fees, type Offer, type Terms, type Trust } from './offers';
import { priceTablesFromOffers, offersFromPriceTables } from './offer-tables';
import { oneTimeFeeLabel } from './offer-vocabulary';
import type { ProviderPrices } from './provider';

export type ChangeKind =
  'listed' | 'restored' | 'prices' | 'offers' | 'fees' | 'terms' | 'trust' | 'checked';

/** One value that changed; `before` null: it is new (the listing's prices). */
export interface ChangeLine {
  label: string;
  before: string | null;
  after: string;
}

export interface ChangeEntry {
  /** When it happened (the event's occurredAt, ISO). */
  date: string;
  kind: ChangeKind;
  /** 'Prices changed', 'Exit terms entered', 'Fees checked'. */
  summary: string;
  changes: ChangeLine[];
}

/** What a provider stood on before the next event: the diff's left side. */
export interface ChangeBase {
  prices: ProviderPrices;
  /** null until the first ProviderOffersChanged (the price tables stand for them). */
  offers: Offer[] | null;
  fees: Fees | null;
  terms: Terms | null;
  trust: Trust | null;
}

export const EMPTY_CHANGE_BASE: ChangeBase = {
  prices: { semaglutide: {}, tirzepatide: {} },
  offers: null,
  fees: null,
  terms: null,
  trust: null,
};

export const FACT_GROUP_WORDS: Readonly<Record<FactGroup, string>> = {
  offers: 'Prices and offers',
  fees: 'Fees',
  terms: 'Exit terms',
  trust: 'Care and trust facts',
};

/** 'Tirzepatide 5 mg: $299/mo → $329/mo'; a new value: 'Tirzepatide 5 mg: $299/mo'. */
export function changeLineText(line: ChangeLine): string {
  return line.before === null
    ? `${line.label}: ${line.after}`
    : `${line.label}: ${line.before} → ${line.after}`;
}

/** '$299/mo'; a replay words the same few prices tens of thousands of times: remembered. */
function perMonth(usd: number): string {
  let words = monthlyWords.get(usd);
  if (words === undefined) {
    words = `${formatUsd(usd)}/mo`;
    if (monthlyWords.size >= WORDS_KEPT) monthlyWords.clear();
    monthlyWords.set(usd, words);
  }
  return words;
}

/** How one dose label reads and compares: its dose (mg) and key, and its words. */
interface DoseLabel {
  mg: number | null;
  /** Two labels of one dose ('1mg', '1 mg') have the same key. */
  key: string;
  words: string;
  /** 'Semaglutide 0.5 mg' by prefix: one string for every line about the dose. */
  lineLabels?: Map<string, string>;
}

/** `${prefix} ${dose.words}`, made once per prefix and dose. */
function lineLabel(prefix: string, dose: DoseLabel): string {
  dose.lineLabels ??= new Map();
  let label = dose.lineLabels.get(prefix);
  if (label === undefined) {
    label = `${prefix} ${dose.words}`;
    dose.lineLabels.set(prefix, label);
  }
  return label;
}

/** Remembered per label (a replay reads the same few labels on every price change), bounded. */
function doseLabel(label: string): DoseLabel {
  let known = doseLabels.get(label);
  if (known === undefined) {
    const mg = parseDoseMg(label);
    known = {
      mg,
      key: mg === null ? `label:${label.trim()}` : doseKey(mg),
      words: doseWords(label),
    };
    if (doseLabels.size >= WORDS_KEPT) doseLabels.clear();
    doseLabels.set(label, known);
  }
  return known;
}

const WORDS_KEPT = 2_000;
const monthlyWords = new Map<number, string>();
const doseLabels = new Map<string, DoseLabel>();

/** A changed value, or nothing when both read the same. */
function line(label: string, before: string, after: string): ChangeLine[] {
  return before === after ? [] : [{ label, before, after }];
}

/** doseKey -> { label as shown, monthly } of one price list (two labels of a dose: the lower). */
function priceMap(prices: readonly { dose: string; monthly: number }[]) {
  const map = new Map<string, { dose: string; monthly: number; mg: number | null }>();
  for (const { dose, monthly } of prices) {
    const { mg, key, words } = doseLabel(dose);
    const known = map.get(key);
    if (!known || monthly < known.monthly) map.set(key, { dose: words, monthly, mg });
  }
  return map;
}

/** A price to the cent (how prices compare), null when there is none. */
const cents = (entry: { monthly: number } | undefined) =>
  entry === undefined ? null : Math.round(entry.monthly * 100);

/** Doses ascending, those without a dose last (a stable sort keeps their order). */
const byDose = (mx: number | null, my: number | null) =>
  mx === null ? (my === null ? 0 : 1) : my === null ? -1 : mx - my;

/** Per dose: changed, new ('none → $299/mo') and dropped ('$299/mo → none'), doses ascending. */
function priceLines(
  prefix: string,
  before: readonly { dose: string; monthly: number }[],
  after: readonly { dose: string; monthly: number }[],
): ChangeLine[] {
  const [b, a] = [priceMap(before), priceMap(after)];
  // Only the doses whose price moved (by the cent) are worded: a replay words every change.
  const keys = [...new Set([...b.keys(), ...a.keys()])].filter(
    (key) => cents(b.get(key)) !== cents(a.get(key)),
  );
  const mgOf = (key: string) => (b.get(key) ?? a.get(key))?.mg ?? null;
  keys.sort((x, y) => byDose(mgOf(x), mgOf(y)));
  return keys.flatMap((key) => {
    const was = b.get(key);
    const now = a.get(key);
    const dose = (now ?? was)?.dose ?? key;
    return line(
      `${prefix} ${dose}`,
      was ? perMonth(was.monthly) : 'none',
      now ? perMonth(now.monthly) : 'none',
    );
  });
}

const tableList = (table: Readonly<Record<string, number>> | undefined) =>
  Object.entries(table ?? {}).map(([dose, monthly]) => ({ dose, monthly }));

/**
 * One medication's price lines when both tables have the same labels in the same order, each
 * of its own dose (a price change as the editor saves it): label by label, the lines
 * priceLines gives, without its maps. Null otherwise (priceLines then compares by dose).
 */
function sameLabelLines(
  prefix: string,
  before: Readonly<Record<string, number>>,
  after: Readonly<Record<string, number>>,
  labels: readonly string[],
  afterLabels: readonly string[],
): ChangeLine[] | null {
  if (labels.length !== afterLabels.length) return null;
  const doses: DoseLabel[] = [];
  let changed: { dose: DoseLabel; was: number; now: number }[] | null = null;
  for (let i = 0; i < labels.length; i++) {
    const label = labels[i] as string;
    if (label !== afterLabels[i]) return null;
    const dose = doseLabel(label);
    for (const other of doses) if (other.key === dose.key) return null;
    doses.push(dose);
    const was = before[label] as number;
    const now = after[label] as number;
    if (Math.round(was * 100) !== Math.round(now * 100)) {
      (changed ??= []).push({ dose, was, now });
    }
  }
  if (changed === null) return [];
  changed.sort((x, y) => byDose(x.dose.mg, y.dose.mg));
  // Mapped, so the list is no longer than its lines (the log keeps every one).
  const lines = changed.map(({ dose, was, now }) => ({
    label: lineLabel(prefix, dose),
    before: perMonth(was),
    after: perMonth(now),
  }));
  // Two prices that read the same (not numbers) make no line, as `line` says.
  return lines.every((l) => l.before !== l.after)
    ? lines
    : lines.filter((l) => l.before !== l.after);
}

/**
 * The same labels with the same prices (the cheap test before a diff, without listing them).
 * In another order they make no line either: every dose has the same price.
 */
function sameEntries(
  a: Readonly<Record<string, number>> | undefined,
  b: Readonly<Record<string, number>> | undefined,
): boolean {
  if (a === b) return true;
  if (!a || !b) return isEmpty(a) && isEmpty(b);
  let count = 0;
  for (const key in a) {
    if (!Object.hasOwn(a, key)) continue;
    if (!Object.hasOwn(b, key) || a[key] !== b[key]) return false;
    count++;
  }
  for (const key in b) if (Object.hasOwn(b, key)) count--;
  return count === 0;
}

function isEmpty(table: Readonly<Record<string, number>> | undefined): boolean {
  for (const key in table) if (Object.hasOwn(table, key)) return false;
  return true;
}

/** One medication's lines of priceTableChanges. */
function tableLines(
  medication: 'semaglutide' | 'tirzepatide',
  before: Readonly<Record<string, number>> | undefined,
  after: Readonly<Record<string, number>> | undefined,
): ChangeLine[] {
  // A price change usually moves one medication's table: the other is not read twice.
  if (sameEntries(before, after)) return [];
  const prefix = MEDICATION_WORDS[medication];
  return (
    (before && after
      ? sameLabelLines(prefix, before, after, Object.keys(before), Object.keys(after))
      : null) ?? priceLines(prefix, tableList(before), tableList(after))
  );
}

/** The old price tables' change (ProviderPricesChanged): 'Semaglutide 0.5 mg: $249/mo → $269/mo'. */
export function priceTableChanges(before: ProviderPrices, after: ProviderPrices): ChangeLine[] {
  const semaglutide = tableLines('semaglutide', before.semaglutide, after.semaglutide);
  const tirzepatide = tableLines('tirzepatide', before.tirzepatide, after.tirzepatide);
  return semaglutide.length === 0
    ? tirzepatide
    : tirzepatide.length === 0
      ? semaglutide
      : [...semaglutide, ...tirzepatide];
}

const introWords = (intro: Offer['intro']) =>
  intro === null ? 'none' : `${perMonth(intro.monthly)} for ${monthsWords(intro.months)}`;

/**
 * What a save of offers is compared with: the offers entered before, or, at the first save, the
 * price tables read as offers (one 'compounded, other form' offer per medication, offer-tables.ts)
 * each under the id of the first entered offer of its medication. Matched by id, the tables'
 * offer read as 'no longer offered' and every price that stood as 'none -> $289/mo'; paired,
 * the entry says what the save changed: the form, a price, the concentration.
 */
export function offersBefore(
  base: Pick<ChangeBase, 'offers' | 'prices'>,
  entered: readonly Offer[],
): Offer[] {
  if (base.offers !== null) return base.offers;
  const enteredIds = new Set(entered.map((offer) => offer.id));
  return offersFromPriceTables(base.prices, null, '').map((offer) => {
    if (enteredIds.has(offer.id)) return offer;
    const first = entered.find((candidate) => candidate.medication === offer.medication);
    return first ? { ...offer, id: first.id } : offer;
  });
}

/** Offers matched by id: added, removed, and per offer its prices, intro, plans, form, concentration. */
export function offerChanges(before: readonly Offer[], after: readonly Offer[]): ChangeLine[] {
  const lines: ChangeLine[] = [];
  const old = new Map(before.map((o) => [o.id, o]));
  const ids = new Set(after.map((o) => o.id));
  for (const offer of before) {
    if (!ids.has(offer.id))
      lines.push({ label: offerTitle(offer), before: 'offered', after: 'no longer offered' });
  }
  for (const offer of after) {
    const was = old.get(offer.id);
    const title = offerTitle(offer);
    if (!was) lines.push({ label: title, before: 'not offered', after: 'offered' });
    lines.push(
      ...line(
        `${MEDICATION_WORDS[offer.medication]} form`,
        was ? FORM_WORDS[was.form] : FORM_WORDS[offer.form],
        FORM_WORDS[offer.form],
      ),
      ...priceLines(title, was?.prices ?? [], offer.prices),
      ...line(
        `${title} introductory price`,
        introWords(was?.intro ?? null),
        introWords(offer.intro),
      ),
    );
    const plans = new Set([...(was?.plans ?? []), ...offer.plans].map((p) => p.months));
    for (const months of [...plans].sort((x, y) => x - y)) {
      const total = (list: readonly Offer['plans'][number][]) => {
        const plan = list.find((p) => p.months === months);
        return plan ? formatUsd(plan.total) : 'none';
      };
      lines.push(
        ...line(`${title} ${months}-month plan`, total(was?.plans ?? []), total(offer.plans)),
      );
    }
    const conc = (o: Offer | undefined) =>
      o === undefined || o.concentrationMgPerMl === null
        ? 'Unknown'
        : `${o.concentrationMgPerMl} mg/ml`;
    if (was || offer.concentrationMgPerMl !== null) {
      lines.push(...line(`${title} concentration`, conc(was), conc(offer)));
    }
  }
  return lines;
}

const UNKNOWN_FEES: Pick<Fees, 'membership' | 'oneTime' | 'shippingPerOrder'> = {
  membership: { amount: { kind: 'unknown' }, includesMedication: null },
  oneTime: [],
  shippingPerOrder: { kind: 'unknown' },
};

export function feeChanges(before: Fees | null, after: Fees): ChangeLine[] {
  const was = before ?? UNKNOWN_FEES;
  const oneTime = (fees: typeof was) =>
    new Map(fees.oneTime.map((fee) => [oneTimeFeeLabel(fee), feeWords(fee.amount)]));
  const [b, a] = [oneTime(was), oneTime(after)];
  return [
    ...line(
      'Membership fee',
      feeWords(was.membership.amount, '/mo'),
      feeWords(after.membership.amount, '/mo'),
    ),
    ...line(
      'Membership includes medication',
      yesNo(was.membership.includesMedication),
      yesNo(after.membership.includesMedication),
    ),
    ...[...new Set([...b.keys(), ...a.keys()])].flatMap((label) =>
      line(label, b.get(label) ?? 'none', a.get(label) ?? 'none'),
    ),
    ...line(
      'Shipping',
      feeWords(was.shippingPerOrder, ' per order'),
      feeWords(after.shippingPerOrder, ' per order'),
    ),
  ];
}

const termWords = {
  months: (n: number | null) => (n === null ? 'Unknown' : n === 0 ? 'None' : monthsWords(n)),
  days: (n: number | null) => (n === null ? 'Unknown' : n === 0 ? 'None' : daysWords(n)),
};

export function termChanges(before: Terms | null, after: Terms): ChangeLine[] {
  return [
    ...line(
      'Minimum term',
      termWords.months(before?.minimumTermMonths ?? null),
      termWords.months(after.minimumTermMonths),
    ),
    ...line('Renews automatically', yesNo(before?.autoRenew), yesNo(after.autoRenew)),
    ...line(
      'Cancellation notice',
      termWords.days(before?.cancellationNoticeDays ?? null),
      termWords.days(after.cancellationNoticeDays),
    ),
    ...line('Cancel online', yesNo(before?.onlineCancellation), yesNo(after.onlineCancellation)),
    ...line(
      'Refund after shipping',
      yesNo(before?.refundAfterShipping),
      yesNo(after.refundAfterShipping),
    ),
    ...line('Pause allowed', yesNo(before?.pauseAllowed), yesNo(after.pauseAllowed)),
  ];
}

const textOrUnknown = (text: string | undefined) =>
  text === undefined || text.trim() === '' ? 'Unknown' : text.trim();

export function trustChanges(before: Trust | null, after: Trust): ChangeLine[] {
  const cautions = (t: Trust | null) => new Set((t?.cautions ?? []).map((c) => c.text.trim()));
  const [b, a] = [cautions(before), cautions(after)];
  return [
    ...line('Pharmacy', textOrUnknown(before?.pharmacyName), textOrUnknown(after.pharmacyName)),
    ...line(
      'Pharmacy type',
      PHARMACY_TYPE_WORDS[before?.pharmacyType ?? 'unknown'],
      PHARMACY_TYPE_WORDS[after.pharmacyType],
    ),
    ...line(
      'Medical director',
      textOrUnknown(before?.medicalDirector),
      textOrUnknown(after.medicalDirector),
    ),
    ...line(
      'Visit',
      VISIT_TYPE_WORDS[before?.visitType ?? 'unknown'],
      VISIT_TYPE_WORDS[after.visitType],
    ),
    ...line(
      'LegitScript',
      LEGITSCRIPT_WORDS[before?.legitScript.status ?? 'unknown'],
      LEGITSCRIPT_WORDS[after.legitScript.status],
    ),
    ...line('HSA/FSA receipts', yesNo(before?.hsaFsaReceipts), yesNo(after.hsaFsaReceipts)),
    ...line('Insurance help', yesNo(before?.insuranceHelp), yesNo(after.insuranceHelp)),
    ...line('Commission', yesNo(before?.commission), yesNo(after.commission)),
    ...[...a]
      .filter((text) => !b.has(text))
      .map((text) => ({ label: 'Caution', before: 'none', after: text })),
    ...[...b]
      .filter((text) => !a.has(text))
      .map((text) => ({ label: 'Caution', before: text, after: 'removed' })),
  ];
}

/** 'Fees changed', 'Fees entered' (the first time), 'Fees saved again: no change'. */
function groupSummary(group: FactGroup, first: boolean, lines: readonly ChangeLine[]): string {
  const words = FACT_GROUP_WORDS[group];
  if (lines.length === 0) return `${words} saved again: no change`;
  return `${words} ${first ? 'entered' : 'changed'}`;
}

/** The events the log reads, as the rules need them (the projector passes the stored data). */
export type ChangeEvent =
  | { type: 'ProviderListed' | 'ProviderRestored'; prices: ProviderPrices }
  | { type: 'ProviderPricesChanged'; prices: ProviderPrices }
  | { type: 'ProviderPricesVerified' }
  | { type: 'ProviderOffersChanged'; offers: Offer[] }
  | { type: 'ProviderFeesChanged'; fees: Fees }
  | { type: 'ProviderTermsChanged'; terms: Terms }
  | { type: 'ProviderTrustFactsChanged'; trust: Trust }
  | { type: 'ProviderFactsChecked'; group: FactGroup; source: { kind: SourceKind } | null };

/** The entry an event makes on `date`, and the base the next event diffs against. */
export function applyChange(
  base: ChangeBase,
  event: ChangeEvent,
  date: string,
): { entry: ChangeEntry; base: ChangeBase } {
  const entry = (kind: ChangeKind, summary: string, changes: ChangeLine[] = []) => ({
    date,
    kind,
    summary,
    changes,
  });
  switch (event.type) {
    case 'ProviderListed': {
      const changes = priceTableChanges(EMPTY_CHANGE_BASE.prices, event.prices).map((l) => ({
        ...l,
        before: null,
      }));
      return {
        entry: entry('listed', 'Listed on the site', changes),
        base: { ...EMPTY_CHANGE_BASE, prices: event.prices },
      };
    }
    case 'ProviderRestored':
      return {
        entry: entry('restored', 'Listed again'),
        base: { ...base, prices: event.prices },
      };
    case 'ProviderPricesChanged': {
      const changes = priceTableChanges(base.prices, event.prices);
      return {
        entry: entry(
          'prices',
          changes.length > 0 ? 'Prices changed' : 'Prices saved again: no change',
          changes,
        ),
        base: { ...base, prices: event.prices },
      };
    }
    case 'ProviderPricesVerified':
      return { entry: entry('checked', 'Prices checked'), base };
    case 'ProviderOffersChanged': {
      const changes = offerChanges(offersBefore(base, event.offers), event.offers);
      return {
        entry: entry('offers', groupSummary('offers', false, changes), changes),
        base: { ...base, offers: event.offers, prices: priceTablesFromOffers(event.offers) },
      };
    }
    case 'ProviderFeesChanged': {
      const changes = feeChanges(base.fees, event.fees);
      return {
        entry: entry('fees', groupSummary('fees', base.fees === null, changes), changes),
        base: { ...base, fees: event.fees },
      };
    }
    case 'ProviderTermsChanged': {
      const changes = termChanges(base.terms, event.terms);
      return {
        entry: entry('terms', groupSummary('terms', base.terms === null, changes), changes),
        base: { ...base, terms: event.terms },
      };
    }
    case 'ProviderTrustFactsChanged': {
      const changes = trustChanges(base.trust, event.trust);
      return {
        entry: entry('trust', groupSummary('trust', base.trust === null, changes), changes),
        base: { ...base, trust: event.trust },
      };
    }
    case 'ProviderFactsChecked': {
      const source = event.source ? ` (source: ${SOURCE_KIND_WORDS[event.source.kind]})` : '';
      return { entry: entry('checked', `${FACT_GROUP_WORDS[event.group]} checked${source}`), base };
    }
  }
}
