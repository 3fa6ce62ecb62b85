/**
 * The /cost page's choices as they arrive in the URL (?medication=&form=&months=&state=&zip=&dose=),
 * checked with one zod schema whose every message names its field. Empty values (a GET form's
 * untouched fields) are absent; absent values take the form's defaults, except the place: a
 * ranking needs a state (or a ZIP resolved to one), and without it there is none to show.
 *
 * Every value is the visitor's string: nothing here throws, whatever it is ('constructor',
 * 10,000 characters, '__proto__'); the answer is a choice or a message per field.
 */
import { z } from 'zod';
import { stateOfZip } from '../cities';
import { formatMg } from '../shared/format';
import { parseDoseMg } from '../shared/prices';
import { isStateCode, type StateCode } from '../shared/reference/states';
import {
  COST_SEARCH_KEYS,
  costSearchOf,
  type CostSearchKey,
  COST_DEFAULTS,
  COST_FORMS,
  COST_MAX_MONTHS,
  COST_MEDICATIONS,
  COST_MIN_MONTHS,
  ladderDose,
  maintenanceDoseChoices,
  type CostForm,
  type CostMedication,
} from './options';

/** A complete choice: what rankAllInCosts ranks for. */
export interface CostChoice {
  medication: CostMedication;
  form: CostForm;
  /** 1 to 12. */
  months: number;
  state: StateCode;
  /** A dose of the medication's ladder; absent: the top of the ladder. */
  maintenanceDoseMg?: number;
}

export const COST_MESSAGES = {
  medication: `Medication must be one of: ${COST_MEDICATIONS.join(', ')}`,
  form: `Form must be one of: ${COST_FORMS.join(', ')}`,
  months: `Months must be a whole number from ${COST_MIN_MONTHS} to ${COST_MAX_MONTHS}`,
  state: 'State must be a two-letter US state code, like OH',
  dose: (medication: CostMedication) =>
    `Maintenance dose must be one of ${maintenanceDoseChoices(medication).map(formatMg).join(', ')} for ${medication}`,
} as const;

const given = z.string().optional();

const costSearchSchema = z
  .object({
    medication: given.pipe(z.enum(COST_MEDICATIONS, COST_MESSAGES.medication).optional()),
    form: given.pipe(z.enum(COST_FORMS, COST_MESSAGES.form).optional()),
    months: given.pipe(
      z
        .string()
        .regex(/^\d{1,2}$/, COST_MESSAGES.months)
        .transform(Number)
        .pipe(
          z
            .number()
            .min(COST_MIN_MONTHS, COST_MESSAGES.months)
            .max(COST_MAX_MONTHS, COST_MESSAGES.months),
        )
        .optional(),
    ),
    state: given.pipe(
      z
        .string()
        .transform((code) => code.toUpperCase())
        .refine((code): code is StateCode => isStateCode(code), COST_MESSAGES.state)
        .optional(),
    ),
    zip: given,
    dose: given,
  })
  .transform((value, ctx) => {
    const medication = value.medication ?? COST_DEFAULTS.medication;
    let state: StateCode | undefined = value.state as StateCode | undefined;
    let zipState: StateCode | undefined;
    if (value.zip !== undefined) {
      const found = stateOfZip(value.zip);
      if (found.ok) zipState = state = found.state;
      else ctx.addIssue({ code: 'custom', path: ['zip'], message: `ZIP code: ${found.error}` });
    }
    let maintenanceDoseMg: number | undefined;
    if (value.dose !== undefined) {
      const mg = parseDoseMg(value.dose);
      const onLadder = mg === null ? null : ladderDose(medication, mg);
      if (onLadder === null) {
        ctx.addIssue({ code: 'custom', path: ['dose'], message: COST_MESSAGES.dose(medication) });
      } else maintenanceDoseMg = onLadder;
    }
    return {
      medication,
      form: value.form ?? COST_DEFAULTS.form,
      months: value.months ?? COST_DEFAULTS.months,
      state,
      zipState,
      maintenanceDoseMg,
    };
  });

export type CostChoiceParse =
  | {
      ok: true;
      /** The choice's fields but the place, given or defaulted. */
      values: Omit<CostChoice, 'state'>;
      /** null: no place chosen yet (the page shows the form and says a state is needed). */
      choice: CostChoice | null;
      /** The state the ZIP code was resolved to, when a ZIP was given. */
      zipState: StateCode | null;
    }
  | { ok: false; fields: Partial<Record<CostSearchKey, string>> };

/**
 * The choice in the URL's parameters: a complete choice, no choice yet (no place), or a
 * message per field that is wrong. A ZIP code, when given, decides the state.
 */
export function parseCostChoice(params: Readonly<Record<string, unknown>>): CostChoiceParse {
  const result = costSearchSchema.safeParse(costSearchOf(params));
  if (!result.success) {
    const fields: Partial<Record<CostSearchKey, string>> = {};
    for (const issue of result.error.issues) {
      const key = issue.path[0];
      if (typeof key === 'string' && (COST_SEARCH_KEYS as readonly string[]).includes(key)) {
        fields[key as CostSearchKey] ??= issue.message;
      }
    }
    return { ok: false, fields };
  }
  const { state, zipState, maintenanceDoseMg, ...rest } = result.data;
  const values = { ...rest, ...(maintenanceDoseMg === undefined ? {} : { maintenanceDoseMg }) };
  return {
    ok: true,
    values,
    choice: state === undefined ? null : { ...values, state },
    zipState: zipState ?? null,
  };
}
