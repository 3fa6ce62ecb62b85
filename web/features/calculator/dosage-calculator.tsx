import { useState } from 'react';
import { TriangleAlert } from 'lucide-react';
import type { ApiClient } from '../../../api/contracts/http';
import {
  calculateDosage,
  MAX_INJECTIONS_PER_WEEK,
  MIN_DURATION_WEEKS,
} from '../../../domain/calculator/dosage';
import { CalculatorForm } from './calculator-form';
import { ConcentrationPresetChoice, presetLabel } from './concentration-preset-choice';
import { NumberField } from './number-field';
import { ResultCard, ResultRow } from './result-card';
import { dosageParamErrors, dosageRuleInput, type DosageParam } from './search';
import { formatDraw, formatMl, plural } from './format';
import { useCalculatorForm, type CalculatorNav } from './use-calculator-form';

export interface DosageCalculatorProps extends CalculatorNav {
  /** Public reads (the providers' vial concentrations for 'Use a provider's vial'). */
  api: ApiClient;
}

/** Dose in mg -> what to draw on a U-100 syringe, in ml and units, and the vials needed. */
export function DosageCalculator({ api, ...nav }: DosageCalculatorProps) {
  const calc = useCalculatorForm('dosage', nav);
  const [filledFrom, setFilledFrom] = useState('');
  const outcome = calc.submitted ? calculateDosage(dosageRuleInput(calc.urlForm)) : null;
  const errors = outcome && !outcome.ok ? dosageParamErrors(outcome.errors) : {};
  const field = (param: DosageParam) => calc.fieldProps(param, errors[param]);

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <CalculatorForm
        tab="dosage"
        title="Dosage calculator"
        description="Turn a dose in mg into the amount to draw, in ml and in units on a U-100 insulin syringe."
        formRef={calc.formRef}
        onSubmit={calc.onSubmit}
      >
        <div className="grid gap-5 sm:grid-cols-2">
          <NumberField
            {...field('dose')}
            label="Dose per injection (mg)"
            min={0}
            hint="As prescribed, e.g. 0.25 mg."
          />
          <NumberField
            {...field('concentration')}
            label="Concentration (mg/ml)"
            min={0}
            hint="Printed on the vial label, e.g. 2.5 mg/ml."
          />
          <NumberField
            {...field('frequency')}
            label="Injections per week"
            min={1}
            max={MAX_INJECTIONS_PER_WEEK}
            step={1}
            inputMode="numeric"
            hint={`1 to ${MAX_INJECTIONS_PER_WEEK}; weekly dosing is 1.`}
          />
          <NumberField
            {...field('weeks')}
            label="Duration (weeks)"
            min={MIN_DURATION_WEEKS}
            step={1}
            inputMode="numeric"
            hint={`At least ${MIN_DURATION_WEEKS} week.`}
          />
          <NumberField
            {...field('vial')}
            label="Vial size (ml)"
            min={0}
            hint="The vial's total volume, e.g. 2 ml."
          />
        </div>

        <ConcentrationPresetChoice
          api={api}
          onChoose={(preset) => {
            calc.updateForm((form) => ({
              ...form,
              concentration: String(preset.concentrationMgPerMl),
            }));
            setFilledFrom(`Concentration filled from ${presetLabel(preset)}.`);
          }}
        />
        {filledFrom ? (
          <p role="status" className="text-sm text-muted-foreground">
            {filledFrom}
          </p>
        ) : null}
      </CalculatorForm>

      <ResultCard
        headingRef={calc.resultRef}
        title="Your dosage"
        submitted={calc.submitted}
        dirty={calc.dirty}
        emptyText="Enter your dose and vial details, then press Calculate to see how much to draw."
      >
        {outcome?.ok ? (
          <>
            <p className="text-sm text-muted-foreground">Draw per injection</p>
            <p
              className="mt-1 text-3xl font-bold tabular-nums text-primary"
              data-testid="dosage-per-injection"
            >
              {formatDraw(outcome.result.volumePerInjection, outcome.result.unitsPerInjection)}
            </p>
            <p className="mt-1 text-sm text-muted-foreground">
              On a U-100 insulin syringe, 1 unit is 0.01 ml and the syringe holds 100 units (1 ml).
            </p>
            {outcome.result.warning ? (
              <div
                role="alert"
                className="mt-4 flex gap-3 rounded-md border border-destructive bg-destructive-soft p-3 text-sm text-destructive"
              >
                <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                <p>{outcome.result.warning}</p>
              </div>
            ) : null}
            <dl className="mt-4">
              <ResultRow
                label="Total volume"
                value={formatMl(outcome.result.totalVolume)}
                detail={`${plural(outcome.result.injections, 'injection', 'injections')} in ${plural(
                  Number(calc.urlForm.weeks),
                  'week',
                  'weeks',
                )}`}
              />
              <ResultRow
                label="Vials needed"
                value={plural(outcome.result.numberOfVials, 'vial', 'vials')}
                detail={`of ${calc.urlForm.vial} ml each`}
              />
            </dl>
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
