import { annualCostNote, calculateCost } from '../../../domain/calculator/cost';
import { formatMg } from '../../../domain/shared/format';
import { CalculatorForm } from './calculator-form';
import { NumberField } from './number-field';
import { ResultCard, ResultRow } from './result-card';
import { costRuleInput, type CostParam } from './search';
import { formatUsd } from './format';
import { useCalculatorForm, type CalculatorNav } from './use-calculator-form';

/** A monthly price -> what each mg and each weekly dose really costs. */
export function CostCalculator(nav: CalculatorNav) {
  const calc = useCalculatorForm('cost', nav);
  const result = calc.submitted ? calculateCost(costRuleInput(calc.urlForm)) : null;
  const field = (param: CostParam) => ({ ...calc.fieldProps(param), min: 0 });

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <CalculatorForm
        tab="cost"
        title="Cost calculator"
        description="Compare plans by what you pay per mg, whatever vial size or concentration a provider sells."
        formRef={calc.formRef}
        onSubmit={calc.onSubmit}
      >
        <div className="grid gap-5 sm:grid-cols-2">
          <NumberField
            {...field('price')}
            label="Monthly price ($)"
            hint="What one month's supply costs."
          />
          <NumberField
            {...field('volume')}
            label="Vial volume (ml)"
            hint="ml in that month's supply."
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
        <p className="text-sm text-muted-foreground">
          All four values must be above 0 to give a result.
        </p>
      </CalculatorForm>

      <ResultCard
        headingRef={calc.resultRef}
        title="Your costs"
        submitted={calc.submitted}
        dirty={calc.dirty}
        emptyText="Enter a plan's monthly price, vial volume, concentration and your weekly dose, then press Calculate."
      >
        {result ? (
          <>
            <p className="text-sm text-muted-foreground">Cost per mg</p>
            <p
              className="mt-1 text-3xl font-bold tabular-nums text-primary"
              data-testid="cost-per-mg"
            >
              {formatUsd(result.costPerMg)}
            </p>
            <p className="mt-1 text-sm text-muted-foreground">
              A month's supply holds {formatMg(result.totalMg)}.
            </p>
            <dl className="mt-4">
              <ResultRow
                label="Cost per dose"
                value={formatUsd(result.costPerDose)}
                detail={`${formatMg(Number(calc.urlForm.weeklyDose))} weekly`}
              />
              <ResultRow label="Monthly cost" value={formatUsd(result.monthlyCost)} />
              <ResultRow
                label="Annual cost"
                value={formatUsd(result.annualCost)}
                detail="Monthly price x 12"
              />
            </dl>
            <p className="mt-4 text-sm text-muted-foreground">
              {annualCostNote(result.monthlyCost)} Weekly doses fit four-week fills, and a year has
              52 weeks.
            </p>
          </>
        ) : (
          <p role="status" className="text-destructive">
            No result: all four values must be above 0. Check the price, vial volume, concentration
            and weekly dose.
          </p>
        )}
      </ResultCard>
    </div>
  );
}
