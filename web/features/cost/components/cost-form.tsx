import { useId, useState, type FormEvent } from 'react';
import { Calculator } from 'lucide-react';
import {
  COST_FORM_LABELS,
  COST_FORMS,
  COST_MEDICATION_LABELS,
  COST_MEDICATIONS,
  COST_MONTH_CHOICES,
  maintenanceDoseChoices,
  type CostMedication,
} from '../../../../domain/cost/options';
import { formatMg } from '../../../../domain/shared/format';
import { US_STATES } from '../../../../domain/shared/reference/states';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import type { CostPageSearch } from '../search';

const SELECT_CLASS =
  'h-11 w-full rounded-md border border-input bg-background px-3 text-base text-foreground focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring aria-invalid:border-destructive sm:text-sm';

export interface CostFormValues {
  medication: string;
  form: string;
  months: string;
  state: string;
  zip: string;
  dose: string;
}

function Field({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string | undefined;
  children: React.ReactNode;
}) {
  return (
    <div className="grid content-start gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-foreground">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

const described = (id: string, error: string | undefined, hint = false) => ({
  id,
  'aria-invalid': error ? true : undefined,
  'aria-describedby':
    [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') ||
    undefined,
});

const isMedication = (value: string): value is CostMedication =>
  (COST_MEDICATIONS as readonly string[]).includes(value);

/**
 * The choices as a plain GET form to /cost: without JavaScript the browser sends them and the
 * server renders the ranking; with it, `onSearch` navigates through the router instead.
 * noValidate: the server's messages are shown beside their fields, not the browser's.
 */
export function CostForm({
  values,
  errors,
  onSearch,
}: {
  values: CostFormValues;
  errors: Readonly<Record<string, string>>;
  onSearch: (search: CostPageSearch) => void;
}) {
  const prefix = useId();
  const id = (name: string) => `${prefix}-${name}`;
  const [medication, setMedication] = useState(values.medication);
  const doses = maintenanceDoseChoices(isMedication(medication) ? medication : 'tirzepatide');

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const search: CostPageSearch = {};
    for (const key of ['medication', 'form', 'months', 'state', 'zip', 'dose'] as const) {
      const value = data.get(key);
      if (typeof value === 'string' && value.trim() !== '') search[key] = value.trim();
    }
    onSearch(search);
  }

  return (
    <Card className="p-5 sm:p-6">
      <form
        method="get"
        action="/cost"
        noValidate
        onSubmit={onSubmit}
        aria-labelledby={id('title')}
        className="grid gap-5"
      >
        <h2 id={id('title')} className="text-lg font-semibold">
          Your treatment
        </h2>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <Field id={id('medication')} label="Medication" error={errors.medication}>
            <select
              name="medication"
              className={SELECT_CLASS}
              value={medication}
              onChange={(event) => setMedication(event.target.value)}
              {...described(id('medication'), errors.medication)}
            >
              {COST_MEDICATIONS.map((m) => (
                <option key={m} value={m}>
                  {COST_MEDICATION_LABELS[m]}
                </option>
              ))}
            </select>
          </Field>
          <Field id={id('form')} label="Form" error={errors.form}>
            <select
              name="form"
              className={SELECT_CLASS}
              defaultValue={values.form}
              {...described(id('form'), errors.form)}
            >
              {COST_FORMS.map((f) => (
                <option key={f} value={f}>
                  {COST_FORM_LABELS[f]}
                </option>
              ))}
            </select>
          </Field>
          <Field id={id('months')} label="Months" error={errors.months}>
            <select
              name="months"
              className={SELECT_CLASS}
              defaultValue={values.months}
              {...described(id('months'), errors.months)}
            >
              {COST_MONTH_CHOICES.map((n) => (
                <option key={n} value={String(n)}>
                  {n} {n === 1 ? 'month' : 'months'}
                </option>
              ))}
            </select>
          </Field>
          <Field id={id('state')} label="State" error={errors.state}>
            <select
              name="state"
              className={SELECT_CLASS}
              defaultValue={values.state}
              {...described(id('state'), errors.state)}
            >
              <option value="">Choose your state</option>
              {US_STATES.map((s) => (
                <option key={s.code} value={s.code}>
                  {s.name}
                </option>
              ))}
            </select>
          </Field>
          <Field
            id={id('zip')}
            label="or ZIP code"
            hint="A ZIP code decides the state."
            error={errors.zip}
          >
            <Input
              name="zip"
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={10}
              placeholder="43004"
              defaultValue={values.zip}
              {...described(id('zip'), errors.zip, true)}
            />
          </Field>
          <Field
            id={id('dose')}
            label="Maintenance dose (optional)"
            hint="The weekly dose you stay at after the climb. Default: the top of the label's ladder."
            error={errors.dose}
          >
            <select
              key={medication}
              name="dose"
              className={SELECT_CLASS}
              defaultValue={medication === values.medication ? values.dose : ''}
              {...described(id('dose'), errors.dose, true)}
            >
              <option value="">Top of the ladder</option>
              {doses.map((mg) => (
                <option key={mg} value={String(mg)}>
                  {formatMg(mg)}
                </option>
              ))}
              {values.dose !== '' &&
              medication === values.medication &&
              !doses.some((mg) => String(mg) === values.dose) ? (
                <option value={values.dose}>{values.dose}</option>
              ) : null}
            </select>
          </Field>
        </div>
        <Button type="submit" size="lg" className="w-full sm:w-auto sm:justify-self-start">
          <Calculator aria-hidden="true" />
          Rank by all-in cost
        </Button>
      </form>
    </Card>
  );
}
