import { Download } from 'lucide-react';
import {
  COST_PATHS,
  OPEN_DATA_CREDIT,
  OPEN_DATA_LICENCE,
  OPEN_DATA_LICENCE_URL,
} from '../../../../api/cost/contracts';
import { COST_DEFAULTS } from '../../../../domain/cost/options';
import { formatMg } from '../../../../domain/shared/format';
import type { CostPageResult } from '../api/cost-page';
import type { CostPageSearch } from '../search';
import { CostForm, type CostFormValues } from './cost-form';
import { CostResults } from './cost-results';

export const COST_RANKING_SENTENCE =
  "Ranked by the all-in total for your months: the medication along the label's dose path (introductory prices included, or a prepaid plan when it is cheaper), membership, one-time fees and shipping. Whether this site earns a commission never affects the order.";

function formValues(result: CostPageResult, search: CostPageSearch): CostFormValues {
  if (result.ok) {
    const { choice } = result.view;
    return {
      medication: choice.medication,
      form: choice.form,
      months: String(choice.months),
      state: choice.state ?? '',
      // A ZIP code decided the state: the state is shown, the ZIP box is free again.
      zip: '',
      dose: choice.doseGiven ? String(choice.maintenanceDoseMg) : '',
    };
  }
  return {
    medication: search.medication ?? COST_DEFAULTS.medication,
    form: search.form ?? COST_DEFAULTS.form,
    months: search.months ?? String(COST_DEFAULTS.months),
    state: search.state?.toUpperCase() ?? '',
    zip: search.zip ?? '',
    dose: search.dose ?? '',
  };
}

function OpenData() {
  return (
    <section id="open-data" aria-labelledby="open-data-title" className="grid gap-2">
      <h2 id="open-data-title" className="text-xl font-semibold">
        Open data
      </h2>
      <p className="text-sm">
        Every listed provider's every offer, per dose, with fees, terms and the date each was
        checked: free to download.
      </p>
      <ul className="flex flex-wrap gap-x-6 gap-y-1">
        <li>
          <a
            className="inline-flex min-h-11 items-center gap-2 text-primary underline"
            href={COST_PATHS.pricesCsv}
            download
          >
            <Download className="size-4" aria-hidden="true" />
            Prices as CSV
          </a>
        </li>
        <li>
          <a
            className="inline-flex min-h-11 items-center gap-2 text-primary underline"
            href={COST_PATHS.pricesJson}
          >
            <Download className="size-4" aria-hidden="true" />
            Prices as JSON
          </a>
        </li>
      </ul>
      <p className="text-sm text-muted-foreground">
        {OPEN_DATA_CREDIT}{' '}
        <a className="text-primary underline" href={OPEN_DATA_LICENCE_URL} rel="license">
          {OPEN_DATA_LICENCE} licence
        </a>
        .
      </p>
    </section>
  );
}

/** /cost: the choices, the ranking for them (or why there is none yet), the open data. */
export function CostPage({
  result,
  search,
  onSearch,
  pageHref,
}: {
  result: CostPageResult;
  search: CostPageSearch;
  onSearch: (search: CostPageSearch) => void;
  pageHref: (page: number) => string;
}) {
  const errors = result.ok ? {} : result.fields;
  const view = result.ok ? result.view : null;
  return (
    <div className="mx-auto grid w-full max-w-5xl gap-8 px-4 py-8 sm:px-6">
      <header className="grid gap-3">
        <h1 className="text-3xl font-bold tracking-tight">
          What GLP-1 treatment really costs, all in
        </h1>
        <p className="max-w-3xl">{COST_RANKING_SENTENCE}</p>
        <p className="max-w-3xl text-sm text-muted-foreground">
          Not medical advice: your prescriber decides your doses. Prices are what providers publish,
          as entered and dated by our editors; unknown fees are named, never counted as $0.
        </p>
      </header>
      {!result.ok ? (
        <div role="alert" className="rounded-md border border-destructive p-4 text-sm">
          <p className="font-medium text-destructive">{result.message}</p>
          <ul className="mt-1 list-disc pl-5">
            {Object.entries(result.fields).map(([field, message]) => (
              <li key={field}>{message}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <CostForm
        key={JSON.stringify(search)}
        values={formValues(result, search)}
        errors={errors}
        onSearch={onSearch}
      />
      {view?.choice.zipState && view.choice.stateName ? (
        <p className="text-sm">
          Your ZIP code is in {view.choice.stateName}: showing providers serving{' '}
          {view.choice.stateName}.
        </p>
      ) : null}
      {view && view.ranking ? (
        <section aria-labelledby="cost-results-title" className="grid gap-4">
          <h2 id="cost-results-title" className="text-2xl font-semibold">
            {view.choice.months} {view.choice.months === 1 ? 'month' : 'months'} of{' '}
            {view.choice.medication} in {view.choice.stateName}, held at{' '}
            {formatMg(view.choice.maintenanceDoseMg)}
          </h2>
          <CostResults ranking={view.ranking} months={view.choice.months} pageHref={pageHref} />
        </section>
      ) : view ? (
        <p className="rounded-md border border-border p-4">
          Choose your state (or enter your ZIP code) to rank the providers that serve it: a
          provider's prices and whether it can treat you depend on where you live.
        </p>
      ) : null}
      <OpenData />
    </div>
  );
}
