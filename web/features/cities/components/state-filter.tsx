import { useNavigate } from '@tanstack/react-router';
import { useId, useState, type FormEvent } from 'react';
import { parseStateCode } from '../../../../domain/cities/parse-state';
import { stateOfZip } from '../../../../domain/cities/zip';
import { US_STATES, type StateCode } from '../../../../domain/shared/reference/states';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';

const SELECT_CLASS =
  'h-11 w-full rounded-md border border-input bg-background px-3 text-base text-foreground focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring sm:w-64 sm:text-sm';

/**
 * The home page's state filter, kept in the URL (/?state=OH): a select of the 50 states, or a
 * ZIP code resolved to its state offline (/?zip=43004 when typed without JavaScript; the
 * home route turns it into the state). Plain GET forms, so they work before the page is
 * interactive; once it is, choosing a state applies at once.
 */
export function StateFilter({
  value,
  zip,
  keep = {},
}: {
  value: StateCode | undefined;
  zip?: string;
  /** Other list parameters of / kept when the state changes (sort, medication). */
  keep?: Readonly<Record<string, string>>;
}) {
  const id = useId();
  const zipId = useId();
  const zipErrorId = useId();
  const navigate = useNavigate();
  const [zipText, setZipText] = useState(zip ?? '');
  const [zipError, setZipError] = useState(() => {
    if (zip === undefined) return '';
    const found = stateOfZip(zip);
    return found.ok ? '' : found.error;
  });

  const show = (state: StateCode | undefined) => {
    const query = new URLSearchParams({ ...(state ? { state } : {}), ...keep }).toString();
    void navigate({ href: query ? `/?${query}` : '/', resetScroll: false });
  };
  const hidden = Object.entries(keep).map(([name, v]) => (
    <input key={name} type="hidden" name={name} value={v} />
  ));

  function onZipSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = stateOfZip(zipText);
    if (!found.ok) {
      setZipError(found.error);
      return;
    }
    setZipError('');
    show(found.state);
  }

  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
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
            onChange={(event) => show(parseStateCode(event.target.value))}
          >
            <option value="">All states</option>
            {US_STATES.map((state) => (
              <option key={state.code} value={state.code}>
                {state.name}
              </option>
            ))}
          </select>
        </div>
        {hidden}
        <noscript>
          <Button type="submit" variant="outline">
            Show
          </Button>
        </noscript>
      </form>
      <form
        method="get"
        action="/"
        onSubmit={onZipSubmit}
        noValidate
        className="flex flex-col gap-1.5"
      >
        {hidden}
        <label htmlFor={zipId} className="text-sm font-medium text-foreground">
          or your ZIP code
        </label>
        <div className="flex gap-2">
          <Input
            id={zipId}
            name="zip"
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={10}
            placeholder="43004"
            className="w-32"
            value={zipText}
            onChange={(event) => setZipText(event.target.value)}
            aria-invalid={zipError ? true : undefined}
            aria-describedby={zipError ? zipErrorId : undefined}
          />
          <Button type="submit" variant="outline">
            Find
          </Button>
        </div>
        <p id={zipErrorId} role="alert" className="min-h-5 text-sm text-destructive">
          {zipError}
        </p>
      </form>
    </div>
  );
}
