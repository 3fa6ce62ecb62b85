import { useNavigate } from '@tanstack/react-router';
import { useId } from 'react';
import { parseStateCode } from '../../../../domain/cities/parse-state';
import { US_STATES, type StateCode } from '../../../../domain/shared/reference/states';
import { Button } from '../../../components/ui/button';

const SELECT_CLASS =
  'h-11 w-full rounded-md border border-input bg-background px-3 text-base text-foreground focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring sm:w-64 sm:text-sm';

/**
 * The home page's state filter, kept in the URL (/?state=OH). A plain GET form, so it works
 * before the page is interactive; once it is, choosing a state applies at once.
 */
export function StateFilter({ value }: { value: StateCode | undefined }) {
  const id = useId();
  const navigate = useNavigate();
  return (
    <form method="get" action="/" className="flex flex-col gap-2 sm:flex-row sm:items-end">
      <div className="flex flex-col gap-1.5">
        <label htmlFor={id} className="text-sm font-medium text-foreground">
          Your state
        </label>
        <select
          id={id}
          name="state"
          className={SELECT_CLASS}
          value={value ?? ''}
          onChange={(event) => {
            const state = parseStateCode(event.target.value);
            void navigate({
              to: '/',
              search: state ? { state } : {},
              resetScroll: false,
            });
          }}
        >
          <option value="">All states</option>
          {US_STATES.map((state) => (
            <option key={state.code} value={state.code}>
              {state.name}
            </option>
          ))}
        </select>
      </div>
      <noscript>
        <Button type="submit" variant="outline">
          Show
        </Button>
      </noscript>
    </form>
  );
}
