import { useState } from 'react';
import { BMI_BANDS, calculateBmi, type BmiCategory } from '../../../domain/calculator/bmi';
import { Badge } from '../../components/ui/badge';
import { cn } from '../../lib/utils';
import { CalculatorForm } from './calculator-form';
import { NumberField } from './number-field';
import { ResultCard } from './result-card';
import {
  bmiParamErrors,
  bmiRuleInput,
  BMI_UNIT_SYSTEMS,
  convertBmiUnits,
  type BmiForm,
  type BmiParam,
  type BmiUnits,
} from './search';
import { formatBmi } from './format';
import { useCalculatorForm, type CalculatorNav } from './use-calculator-form';

const UNIT_LABELS: Record<BmiUnits, string> = {
  imperial: 'Imperial (lb, ft)',
  metric: 'Metric (kg, cm)',
};

/*
 * The fields of the unit system not chosen are hidden by CSS keyed on the checked radio, so
 * the toggle also works before (or without) JavaScript; with it, React sets the radio.
 */
const IMPERIAL_ONLY = '[form:has(#bmi-units-metric:checked)_&]:hidden';
const METRIC_ONLY = '[form:has(#bmi-units-imperial:checked)_&]:hidden';

/** The six bands as ranges, from the rule's upper bounds. */
const BAND_ROWS: readonly { category: BmiCategory; range: string }[] = [
  ...BMI_BANDS.map((band, i) => ({
    category: band.category,
    range: i === 0 ? `Under ${band.below}` : `${BMI_BANDS[i - 1]?.below} to under ${band.below}`,
  })),
  { category: 'Obesity class III', range: `${BMI_BANDS[BMI_BANDS.length - 1]?.below} and over` },
];

/** Weight and height -> BMI, its band and what it means for GLP-1 eligibility. */
export function BmiCalculator(nav: CalculatorNav) {
  const calc = useCalculatorForm('bmi', nav);
  const outcome = calc.submitted ? calculateBmi(bmiRuleInput(calc.urlForm)) : null;
  const errors = outcome && !outcome.ok ? bmiParamErrors(calc.urlForm.units, outcome.errors) : {};
  const field = (param: BmiParam) => calc.fieldProps(param, errors[param]);
  // The last switch: switching straight back restores what was typed (195 lb, not 195.1).
  const [lastSwitch, setLastSwitch] = useState<{ before: BmiForm; after: BmiForm } | null>(null);
  const switchUnits = (units: BmiUnits) => {
    const form = calc.form;
    const back =
      lastSwitch !== null &&
      lastSwitch.before.units === units &&
      JSON.stringify(lastSwitch.after) === JSON.stringify(form);
    const next = back ? lastSwitch.before : convertBmiUnits(form, units);
    setLastSwitch(back ? null : { before: form, after: next });
    calc.updateForm(() => next);
  };

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <CalculatorForm
        tab="bmi"
        title="BMI calculator"
        description="Body mass index from your weight and height, with its band and the usual GLP-1 eligibility threshold."
        formRef={calc.formRef}
        onSubmit={calc.onSubmit}
      >
        <fieldset className="grid gap-2">
          <legend className="mb-2 text-sm font-medium">Units</legend>
          <div className="grid grid-cols-2 gap-1 rounded-lg bg-muted p-1 sm:inline-grid sm:w-fit">
            {BMI_UNIT_SYSTEMS.map((units) => (
              <label
                key={units}
                htmlFor={`bmi-units-${units}`}
                className="flex min-h-11 cursor-pointer items-center justify-center rounded-md px-4 text-center text-sm font-medium text-muted-foreground transition-colors has-checked:bg-background has-checked:text-foreground has-checked:shadow-card has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ring"
              >
                <input
                  type="radio"
                  id={`bmi-units-${units}`}
                  name="units"
                  value={units}
                  checked={calc.form.units === units}
                  onChange={() => switchUnits(units)}
                  className="sr-only"
                />
                {UNIT_LABELS[units]}
              </label>
            ))}
          </div>
        </fieldset>

        <div className="grid gap-5 sm:grid-cols-2">
          <NumberField
            {...field('weight')}
            min={0}
            className="sm:col-span-2"
            label={
              <>
                <span className={IMPERIAL_ONLY}>Weight (lb)</span>
                <span className={METRIC_ONLY}>Weight (kg)</span>
              </>
            }
          />
          <NumberField {...field('height')} label="Height (cm)" min={0} className={METRIC_ONLY} />
          <NumberField
            {...field('feet')}
            label="Height (feet)"
            min={0}
            step={1}
            inputMode="numeric"
            className={IMPERIAL_ONLY}
          />
          <NumberField
            {...field('inches')}
            label="Inches"
            min={0}
            max={11}
            step={1}
            inputMode="numeric"
            hint="0 to 11."
            className={IMPERIAL_ONLY}
          />
        </div>
      </CalculatorForm>

      <ResultCard
        headingRef={calc.resultRef}
        title="Your BMI"
        submitted={calc.submitted}
        dirty={calc.dirty}
        emptyText="Enter your weight and height, then press Calculate to see your BMI."
      >
        {outcome?.ok ? (
          <>
            <p className="text-sm text-muted-foreground">Body mass index</p>
            <p className="mt-1 flex flex-wrap items-center gap-3">
              <span
                className="text-3xl font-bold tabular-nums text-primary"
                data-testid="bmi-value"
              >
                {formatBmi(outcome.result.bmi)}
              </span>
              <Badge variant="secondary" className="text-sm" data-testid="bmi-category">
                {outcome.result.category}
              </Badge>
            </p>
            <p className="mt-4 leading-7">{outcome.result.eligibilityNote}</p>
            <table className="mt-4 w-full text-sm">
              <caption className="sr-only">BMI bands</caption>
              <thead className="sr-only">
                <tr>
                  <th scope="col">BMI</th>
                  <th scope="col">Band</th>
                </tr>
              </thead>
              <tbody>
                {BAND_ROWS.map((row) => {
                  const current = row.category === outcome.result.category;
                  return (
                    <tr
                      key={row.category}
                      aria-current={current ? 'true' : undefined}
                      className={cn(
                        'border-b border-border last:border-b-0',
                        current
                          ? 'bg-primary-soft font-semibold text-primary-soft-foreground'
                          : 'text-muted-foreground',
                      )}
                    >
                      <td className="px-2 py-2 tabular-nums">{row.range}</td>
                      <td className="px-2 py-2 text-right">
                        {row.category}
                        {current ? <span className="sr-only"> (your band)</span> : null}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </>
        ) : (
          <p className="text-destructive">
            Check the values marked in the form, then press Calculate again.
          </p>
        )}
      </ResultCard>
    </div>
  );
}
