import { useState } from 'react';
import {
  annualCostNote,
  calculateCostOutcome,
  readPricePer,
  supplyName,
  MONTHS_PER_YEAR,
  WEEKS_PER_YEAR,
  type PricePer,
} from '../../../domain/calculator/cost';
import { formatMg } from '../../../domain/shared/format';
import { CalculatorForm } from './calculator-form';
import { NumberField } from './number-field';
import { ProviderPriceChoice } from './provider-price-choice';
import { ResultCard, ResultRow } from './result-card';
import { costParamErrors, costRuleInput, type CostParam } from './search';
import { formatUsd, plural } from './format';
import { useCalculatorForm, type CalculatorNav } from './use-calculator-form';
import type { ApiClient } from '../../../api/contracts/http';

const PER_LABELS: Record<PricePer, string> = { vial: 'One vial', month: 'One month' };

export interface CostCalculatorProps extends CalculatorNav {
  /** Public reads (the providers' entered prices for 'Use a provider's price'). */
  api: ApiClient;
}

/** A price -> what each mg, each weekly dose and each month at this dose really cost. */
export function CostCalculator({ api, ...nav }: CostCalculatorProps) {
  const calc = useCalculatorForm('cost', nav);
  const outcome = calc.submitted ? calculateCostOutcome(costRuleInput(calc.urlForm)) : null;
  const errors = outcome && !outcome.ok ? costParamErrors(outcome.errors) : {};
  const field = (param: CostParam) => ({ ...calc.fieldProps(param, errors[param]), min: 0 });
  const per = readPricePer(calc.form.per);
  const [filledFrom, setFilledFrom] = useState<string | null>(null);

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <CalculatorForm
        tab="cost"
        title="Cost calculator"
        description="Compare plans by what you pay per mg and per month at your dose, whatever vial size or concentration a provider sells."
        formRef={calc.formRef}
        onSubmit={calc.onSubmit}
      >
        <fieldset className="grid gap-2">
          <legend className="mb-2 text-sm font-medium">The price is for</legend>
          <div className="grid grid-cols-2 gap-1 rounded-lg bg-muted p-1 sm:inline-grid sm:w-fit">
            {(['vial', 'month'] as const).map((value) => (
              <label
                key={value}
                htmlFor={`cost-per-${value}`}
                className="flex min-h-11 cursor-pointer items-center justify-center rounded-md px-4 text-center text-sm font-medium text-muted-foreground transition-colors has-checked:bg-background has-checked:text-foreground has-checked:shadow-card has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ring"
              >
                <input
                  type="radio"
                  id={`cost-per-${value}`}
                  name="per"
                  value={value}
                  checked={per === value}
                  onChange={() => calc.setField('per', value)}
                  className="sr-only"
                />
                {PER_LABELS[value]}
              </label>
            ))}
          </div>
        </fieldset>

        <div className="grid gap-5 sm:grid-cols-2">
          <NumberField
            {...field('price')}
            onChange={(value) => {
              setFilledFrom(null);
              calc.setField('price', value);
            }}
            label={per === 'vial' ? 'Price per vial ($)' : 'Price per month ($)'}
            hint={filledFrom ?? (per === 'vial' ? 'What one vial costs.' : 'What one month costs.')}
          />
          <NumberField
            {...field('volume')}
            label="Vial volume (ml)"
            hint={per === 'vial' ? 'ml in the vial.' : "ml in the month's supply."}
          />
          <NumberField
            {...field('strength')}
            label="Concentration (mg/ml)"
            hint="Printed on the vial label."
          />
          <NumberField
            {...field('weeklyDose')}
            label="Weekly dose (mg)"
            hint="Your current dose, e.g. 0.25 mg."
          />
        </div>

        <ProviderPriceChoice
          api={api}
          weeklyDose={calc.form.weeklyDose}
          onChoose={(choice) => {
            calc.updateForm((form) => ({ ...form, price: String(choice.monthly), per: 'month' }));
            setFilledFrom(`${choice.name}'s monthly price at this dose.`);
          }}
        />

        <p className="text-sm text-muted-foreground">
          All four values must be above 0 to give a result.
        </p>
      </CalculatorForm>

      <ResultCard
        headingRef={calc.resultRef}
        title="Your costs"
        submitted={calc.submitted}
        dirty={calc.dirty}
        emptyText="Enter a price, the vial volume, its concentration and your weekly dose, then press Calculate."
      >
        {outcome?.ok ? (
          <CostFigures result={outcome.result} dose={Number(calc.urlForm.weeklyDose)} />
        ) : (
          <p role="status" className="text-destructive">
            No result: check the values marked in the form, then press Calculate again.
          </p>
        )}
      </ResultCard>
    </div>
  );
}

type CostResultView = Extract<ReturnType<typeof calculateCostOutcome>, { ok: true }>['result'];

/** Each figure labelled by what it is (issue 15): price entered, doses, weeks, monthly. */
function CostFigures({ result, dose }: { result: CostResultView; dose: number }) {
  const supply = supplyName(result.pricePer);
  const perVial = result.pricePer === 'vial';
  return (
    <>
      <p className="text-sm text-muted-foreground">Cost per month at this dose</p>
      <p className="mt-1 text-3xl font-bold tabular-nums text-primary" data-testid="cost-monthly">
        {formatUsd(result.monthlyCost)}
      </p>
      <p className="mt-1 text-sm text-muted-foreground">
        {perVial
          ? `${formatUsd(result.costPerDose)} a dose x ${WEEKS_PER_YEAR} weeks / ${MONTHS_PER_YEAR} months.`
          : 'The monthly price entered: a monthly plan costs the same whatever the dose.'}
      </p>
      <dl className="mt-4" data-testid="cost-figures">
        <ResultRow
          label="Price entered"
          value={`${formatUsd(result.price)} ${perVial ? 'per vial' : 'per month'}`}
          detail={`The ${supply} holds ${formatMg(result.totalMg)}`}
        />
        <ResultRow
          label="Cost per mg"
          value={<span data-testid="cost-per-mg">{formatUsd(result.costPerMg)}</span>}
          detail={`${formatUsd(result.price)} / ${formatMg(result.totalMg)}`}
        />
        <ResultRow
          label="Cost per dose"
          value={formatUsd(result.costPerDose)}
          detail={`per ${formatMg(dose)} weekly dose`}
        />
        <ResultRow
          label={perVial ? 'Doses per vial' : "Doses in the month's supply"}
          value={plural(result.dosesPerVial, 'weekly dose', 'weekly doses')}
          detail={`at ${formatMg(dose)}`}
        />
        <ResultRow
          label={`Weeks the ${supply} lasts at this dose`}
          value={plural(result.weeksVialLasts, 'week', 'weeks')}
        />
        <ResultRow label="Cost per month at this dose" value={formatUsd(result.monthlyCost)} />
        <ResultRow
          label="Annual cost"
          value={formatUsd(result.annualCost)}
          detail="Cost per month x 12"
        />
      </dl>
      {!perVial ? (
        <p className="mt-4 text-sm text-muted-foreground">
          {annualCostNote(result.monthlyCost)} Weekly doses fit four-week fills, and a year has 52
          weeks.
        </p>
      ) : null}
    </>
  );
}
