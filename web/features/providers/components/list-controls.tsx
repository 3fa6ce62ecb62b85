/**
 * The home page's sort and medication filter: a plain GET form to / (kept in the URL with the
 * chosen state), so it works before the page is interactive; once it is, a change applies at once.
 */
import { useNavigate } from '@tanstack/react-router';
import { useId } from 'react';
import {
  MEDICATION_FILTERS,
  PROVIDER_LIST_SORTS,
  PROVIDER_LIST_SORT_LABELS,
  parseProviderListSort,
  type ProviderListSort,
} from '../../../../domain/providers/list-view';
import { Button } from '../../../components/ui/button';

const SELECT_CLASS =
  'h-11 w-full rounded-md border border-input bg-background px-3 text-base text-foreground focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring sm:w-56 sm:text-sm';

export interface ListSearch {
  state?: string | undefined;
  sort?: ProviderListSort | undefined;
  medication?: string | undefined;
}

/** The search object of /, without empty values (the default sort is not written). */
export function listSearch(search: ListSearch): Record<string, string> {
  const out: Record<string, string> = {};
  if (search.state) out.state = search.state;
  if (search.medication) out.medication = search.medication;
  if (search.sort && search.sort !== 'score') out.sort = search.sort;
  return out;
}

export function ProviderListControls({ state, sort, medication }: ListSearch) {
  const sortId = useId();
  const medicationId = useId();
  const navigate = useNavigate();
  const show = (next: ListSearch) =>
    void navigate({
      href: `/?${new URLSearchParams(listSearch(next)).toString()}`,
      resetScroll: false,
    });

  return (
    <form
      method="get"
      action="/"
      aria-label="Sort and filter providers"
      className="flex flex-col gap-2 sm:flex-row sm:items-end"
    >
      {state ? <input type="hidden" name="state" value={state} /> : null}
      <div className="flex flex-col gap-1.5">
        <label htmlFor={medicationId} className="text-sm font-medium text-foreground">
          Medication
        </label>
        <select
          id={medicationId}
          name="medication"
          className={SELECT_CLASS}
          value={medication ?? ''}
          onChange={(event) => show({ state, sort, medication: event.target.value || undefined })}
        >
          <option value="">All medications</option>
          {MEDICATION_FILTERS.map((filter) => (
            <option key={filter.value} value={filter.value}>
              {filter.medication}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={sortId} className="text-sm font-medium text-foreground">
          Sort by
        </label>
        <select
          id={sortId}
          name="sort"
          className={SELECT_CLASS}
          value={sort ?? 'score'}
          onChange={(event) =>
            show({ state, medication, sort: parseProviderListSort(event.target.value) })
          }
        >
          {PROVIDER_LIST_SORTS.map((value) => (
            <option key={value} value={value}>
              {PROVIDER_LIST_SORT_LABELS[value]}
            </option>
          ))}
        </select>
      </div>
      <noscript>
        <Button type="submit" variant="outline">
          Apply
        </Button>
      </noscript>
    </form>
  );
}
