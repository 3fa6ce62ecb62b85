/**
 * The /calculator URL is the calculators' state: `?tab=` picks the calculator and each tab's
 * named fields hold the values of its last Calculate, so a result has a shareable link and the
 * server renders it without JavaScript (the forms are plain GET forms with these names).
 *
 * Values are read leniently: a number stays a number, anything else is kept as its text so the
 * rule can say what is wrong beside the field. Nothing in the URL can make the page throw.
 *
 *   /calculator?tab=dosage&dose=0.25&concentration=2.5&frequency=1&weeks=4&vial=2
 *   /calculator?tab=cost&price=299&volume=2&strength=2.5&weeklyDose=0.25&per=vial
 *   /calculator?tab=bmi&units=metric&weight=80&height=180
 *   /calculator?tab=bmi&units=imperial&weight=180&feet=5&inches=10
 */
import {
  DOSAGE_DEFAULTS,
  type DosageField,
  type DosageFormValues,
} from '../../../domain/calculator/dosage';
import type { CostField, CostFormValues } from '../../../domain/calculator/cost';
import type { BmiField, BmiFormValues } from '../../../domain/calculator/bmi';
import { readNumber } from '../../../domain/shared/input';

export const CALCULATOR_TABS = ['dosage', 'cost', 'bmi'] as const;
export type CalculatorTab = (typeof CALCULATOR_TABS)[number];
export const DEFAULT_TAB: CalculatorTab = 'dosage';

export const BMI_UNIT_SYSTEMS = ['imperial', 'metric'] as const;
export type BmiUnits = (typeof BMI_UNIT_SYSTEMS)[number];
/** US visitors: pounds, feet and inches unless the URL says metric. */
export const DEFAULT_BMI_UNITS: BmiUnits = 'imperial';

/** The URL names of each tab's fields, in form order. */
export const TAB_PARAMS = {
  dosage: ['dose', 'concentration', 'frequency', 'weeks', 'vial'],
  cost: ['price', 'volume', 'strength', 'weeklyDose', 'per'],
  bmi: ['weight', 'height', 'feet', 'inches'],
} as const;
export type DosageParam = (typeof TAB_PARAMS.dosage)[number];
export type CostParam = (typeof TAB_PARAMS.cost)[number];
export type BmiParam = (typeof TAB_PARAMS.bmi)[number];
export type CalculatorParam = DosageParam | CostParam | BmiParam;

/** A number from the URL, or the text that was given when it is not one. */
export type SearchValue = number | string;

/** Every key is optional so plain links to /calculator need no search object. */
export type CalculatorSearch = Partial<Record<CalculatorParam, SearchValue>> & {
  tab?: CalculatorTab;
  units?: BmiUnits;
};

/** What the inputs of one tab hold: the text of each field (plus the unit system for BMI). */
export type DosageForm = Record<DosageParam, string>;
export type CostForm = Record<CostParam, string>;
export type BmiForm = Record<BmiParam, string> & { units: BmiUnits };
export interface CalculatorForms {
  dosage: DosageForm;
  cost: CostForm;
  bmi: BmiForm;
}

/** Longest text kept from the URL: enough for any number, short enough to echo safely. */
const MAX_TEXT = 32;

/**
 * One URL value made safe: numbers (also numeric text) become numbers, other text is kept
 * trimmed, anything else (true, null, objects) becomes text the rule will reject. A repeated
 * key (an array) keeps its last value, as a form post would.
 */
export function readSearchValue(value: unknown): SearchValue | undefined {
  if (value === undefined) return undefined;
  if (Array.isArray(value)) return readSearchValue(value[value.length - 1]) ?? '';
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (typeof value === 'string') {
    const text = value.trim().slice(0, MAX_TEXT);
    return readNumber(text) ?? text;
  }
  if (typeof value === 'boolean') return String(value);
  return '';
}

function isOneOf<T extends string>(list: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && (list as readonly string[]).includes(value);
}

const ALL_PARAMS: readonly CalculatorParam[] = [
  ...TAB_PARAMS.dosage,
  ...TAB_PARAMS.cost,
  ...TAB_PARAMS.bmi,
];

/**
 * The route's validateSearch: an unknown tab or unit system becomes undefined (defaults apply).
 * Every known key is set, undefined included, because the router merges this result over the
 * raw search: a key left out would let the raw value through (tab=titration).
 */
export function parseCalculatorSearch(raw: Record<string, unknown>): CalculatorSearch {
  const search: CalculatorSearch = {
    tab: isOneOf(CALCULATOR_TABS, raw.tab) ? raw.tab : undefined,
    units: isOneOf(BMI_UNIT_SYSTEMS, raw.units) ? raw.units : undefined,
  };
  for (const param of ALL_PARAMS) search[param] = readSearchValue(raw[param]);
  return search;
}

export function activeTab(search: CalculatorSearch): CalculatorTab {
  return search.tab ?? DEFAULT_TAB;
}

/** A tab has a result to show (or messages) once its form was sent: any of its fields is in the URL. */
export function isSubmitted(search: CalculatorSearch, tab: CalculatorTab): boolean {
  return TAB_PARAMS[tab].some((param) => search[param] !== undefined);
}

/** Dosage param -> dosage rule field. */
export const DOSAGE_PARAM_FIELD: Readonly<Record<DosageParam, DosageField>> = {
  dose: 'dosage',
  concentration: 'concentration',
  frequency: 'frequency',
  weeks: 'duration',
  vial: 'vialSize',
};

function text(value: SearchValue | undefined, fallback: string): string {
  return value === undefined ? fallback : String(value);
}

/** The inputs' text for a URL: its values, else the spec's dosage defaults, else empty. */
export function formsFromSearch(search: CalculatorSearch): CalculatorForms {
  const dosage = {} as DosageForm;
  for (const param of TAB_PARAMS.dosage)
    dosage[param] = text(search[param], String(DOSAGE_DEFAULTS[DOSAGE_PARAM_FIELD[param]]));
  const cost = {} as CostForm;
  for (const param of TAB_PARAMS.cost) cost[param] = text(search[param], '');
  const bmi = { units: search.units ?? DEFAULT_BMI_UNITS } as BmiForm;
  for (const param of TAB_PARAMS.bmi) bmi[param] = text(search[param], '');
  return { dosage, cost, bmi };
}

/** The URL fields of one tab's form, as its GET submit would send them. */
export function searchFromForm<T extends CalculatorTab>(
  tab: T,
  form: CalculatorForms[T],
): CalculatorSearch {
  const search: CalculatorSearch = { tab };
  const values = form as Record<string, string>;
  for (const param of TAB_PARAMS[tab]) search[param] = readSearchValue(values[param]);
  if (tab === 'bmi') {
    const units = (form as BmiForm).units;
    search.units = units;
    // Only the fields of the chosen unit system: the other system's are cleared.
    if (units === 'metric') search.feet = search.inches = undefined;
    else search.height = undefined;
  }
  return search;
}

/**
 * The URL after Calculate on `tab`: the current URL with that tab's fields replaced. The other
 * tabs keep their results; `undefined` keys drop out of the URL.
 */
export function submitSearch<T extends CalculatorTab>(
  current: CalculatorSearch,
  tab: T,
  form: CalculatorForms[T],
): CalculatorSearch {
  const next: CalculatorSearch = { ...current };
  for (const param of TAB_PARAMS[tab]) delete next[param];
  return withoutUndefined({ ...next, ...searchFromForm(tab, form) });
}

/** The URL when another tab is chosen: every field kept, only the tab changes. */
export function tabSearch(current: CalculatorSearch, tab: CalculatorTab): CalculatorSearch {
  return withoutUndefined({ ...current, tab });
}

function withoutUndefined(search: CalculatorSearch): CalculatorSearch {
  return Object.fromEntries(
    Object.entries(search).filter(([, value]) => value !== undefined),
  ) as CalculatorSearch;
}

/** Whether the form's text would send something other than the URL holds (a stale result). */
export function formDiffers<T extends CalculatorTab>(
  tab: T,
  form: CalculatorForms[T],
  search: CalculatorSearch,
): boolean {
  const fromForm = withoutUndefined(searchFromForm(tab, form));
  const fromUrl = withoutUndefined(searchFromForm(tab, formsFromSearch(search)[tab]));
  return JSON.stringify(fromForm) !== JSON.stringify(fromUrl);
}

// --- Form values -> rule input -------------------------------------------------------------

export function dosageRuleInput(form: DosageForm): DosageFormValues {
  return {
    dosage: form.dose,
    concentration: form.concentration,
    frequency: form.frequency,
    duration: form.weeks,
    vialSize: form.vial,
  };
}

export function costRuleInput(form: CostForm): CostFormValues {
  return {
    price: form.price,
    pricePer: form.per,
    vialVolume: form.volume,
    concentration: form.strength,
    weeklyDose: form.weeklyDose,
  };
}

/** Cost rule field -> the URL param of its input. */
export const COST_FIELD_PARAM: Readonly<Record<CostField, CostParam>> = {
  price: 'price',
  vialVolume: 'volume',
  concentration: 'strength',
  weeklyDose: 'weeklyDose',
};

export function costParamErrors(
  errors: Partial<Record<CostField, string>>,
): Partial<Record<CostParam, string>> {
  const byParam: Partial<Record<CostParam, string>> = {};
  for (const [field, message] of Object.entries(errors) as Array<[CostField, string]>) {
    byParam[COST_FIELD_PARAM[field]] = message;
  }
  return byParam;
}

export function bmiRuleInput(form: BmiForm): BmiFormValues {
  return form.units === 'metric'
    ? { system: 'metric', kg: form.weight, cm: form.height }
    : { system: 'imperial', pounds: form.weight, feet: form.feet, inches: form.inches };
}

// --- Rule messages -> the input they belong beside -----------------------------------------

export function dosageParamErrors(
  errors: Partial<Record<DosageField, string>>,
): Partial<Record<DosageParam, string>> {
  const byParam: Partial<Record<DosageParam, string>> = {};
  for (const param of TAB_PARAMS.dosage) {
    const message = errors[DOSAGE_PARAM_FIELD[param]];
    if (message) byParam[param] = message;
  }
  return byParam;
}

/** The height message sits beside centimetres (metric) or feet (imperial). */
export function bmiParamErrors(
  units: BmiUnits,
  errors: Partial<Record<BmiField, string>>,
): Partial<Record<BmiParam, string>> {
  const byParam: Partial<Record<BmiParam, string>> = {};
  if (errors.weight) byParam.weight = errors.weight;
  if (errors.height) byParam[units === 'metric' ? 'height' : 'feet'] = errors.height;
  if (errors.inches && units === 'imperial') byParam.inches = errors.inches;
  return byParam;
}

const KG_PER_LB = 0.45359237;
const CM_PER_INCH = 2.54;
const oneDecimal = (value: number) => String(Math.round(value * 10) / 10);
/** A field's number, or null when blank or not a positive number (left as typed). */
function positive(text: string): number | null {
  const value = Number(text.trim());
  return text.trim() !== '' && Number.isFinite(value) && value > 0 ? value : null;
}

/**
 * Switching the BMI units converts what the person entered, so their values are kept:
 * 195 lb -> 88.5 kg, 5 ft 10 in -> 177.8 cm, and back (to one decimal; feet and whole inches).
 * A blank or unreadable field is left as it is.
 */
export function convertBmiUnits(form: BmiForm, to: BmiUnits): BmiForm {
  if (form.units === to) return form;
  const next: BmiForm = { ...form, units: to };
  const weight = positive(form.weight);
  if (weight !== null) {
    next.weight = oneDecimal(to === 'metric' ? weight * KG_PER_LB : weight / KG_PER_LB);
  }
  if (to === 'metric') {
    const feet = positive(form.feet) ?? (form.feet.trim() === '0' ? 0 : null);
    const inches = form.inches.trim() === '' ? 0 : Number(form.inches.trim());
    if (feet !== null && Number.isFinite(inches) && inches >= 0) {
      next.height = oneDecimal((feet * 12 + inches) * CM_PER_INCH);
    }
  } else {
    const cm = positive(form.height);
    if (cm !== null) {
      const total = Math.round(cm / CM_PER_INCH);
      next.feet = String(Math.floor(total / 12));
      next.inches = String(total % 12);
    }
  }
  return next;
}
