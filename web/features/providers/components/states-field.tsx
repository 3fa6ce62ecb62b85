import { useId, useState, type KeyboardEvent } from 'react';
import { Check, ChevronDown } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { FieldError } from '../../../components/field';
import { useBoundField } from '../../../components/form/form-kit';
import { STATE_CODES, US_STATES, type StateCode } from '../../../../domain/shared/reference/states';
import { REGIONS, REGION_BY_STATE } from '../../../../domain/cities/regions';
import { cn } from '../../../lib/utils';

/**
 * States served: a searchable multi-select (combobox + listbox; the arrow keys move, Enter or
 * Space toggles), 'All 50', 'Clear' and the nine regions of the city data as presets (a menu).
 * Four tab stops instead of fifty checkboxes.
 */
export function StatesField() {
  const { field, id, error } = useBoundField<StateCode[]>();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const listId = useId();
  const selected = field.state.value;
  // The region menu is not modal and stays in the page (no portal): the rest of the page is
  // not hidden from screen readers while it is open, and it sits inside the main landmark.
  const set = (codes: Iterable<StateCode>) => {
    const on = new Set(codes);
    field.handleChange(STATE_CODES.filter((c) => on.has(c)));
  };
  const toggle = (code: StateCode) =>
    set(selected.includes(code) ? selected.filter((c) => c !== code) : [...selected, code]);
  const needle = query.trim().toLowerCase();
  const shown = US_STATES.filter(
    (s) => s.name.toLowerCase().includes(needle) || s.code.toLowerCase() === needle,
  );
  const current = shown[Math.min(active, shown.length - 1)];
  const optionId = (code: string) => `${listId}-${code}`;

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const move = { ArrowDown: 1, ArrowUp: -1, PageDown: 10, PageUp: -10 }[event.key];
    if (move !== undefined) {
      event.preventDefault();
      setActive((i) => Math.max(0, Math.min(shown.length - 1, i + move)));
      document.getElementById(optionId(shown[active + move]?.code ?? ''))?.scrollIntoView({
        block: 'nearest',
      });
    } else if ((event.key === 'Enter' || (event.key === ' ' && query === '')) && current) {
      event.preventDefault(); // Enter toggles the option here; it does not submit the form.
      toggle(current.code);
    }
  };

  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <p id={`${id}-count`} className="mr-2 text-sm text-muted-foreground" aria-live="polite">
          {selected.length} of {STATE_CODES.length} selected
        </p>
        <Button variant="outline" size="sm" className="h-11" onClick={() => set(STATE_CODES)}>
          All 50
        </Button>
        <DropdownMenu.Root modal={false}>
          <DropdownMenu.Trigger asChild>
            <Button variant="outline" size="sm" className="h-11">
              Add a region <ChevronDown aria-hidden="true" />
            </Button>
          </DropdownMenu.Trigger>
          <DropdownMenu.Content
            align="start"
            className="z-50 min-w-48 rounded-md border border-border bg-background p-1 shadow-md"
          >
            {REGIONS.map((region) => (
              <DropdownMenu.Item
                key={region}
                className="flex min-h-11 cursor-pointer items-center rounded-sm px-3 text-sm outline-none data-[highlighted]:bg-primary-soft"
                onSelect={() =>
                  set([...selected, ...STATE_CODES.filter((c) => REGION_BY_STATE[c] === region)])
                }
              >
                {region}
              </DropdownMenu.Item>
            ))}
          </DropdownMenu.Content>
        </DropdownMenu.Root>
        <Button variant="ghost" size="sm" className="h-11" onClick={() => set([])}>
          Clear states
        </Button>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={id}>Find a state</Label>
        <Input
          id={id}
          role="combobox"
          autoComplete="off"
          aria-expanded="true"
          aria-controls={listId}
          aria-activedescendant={current ? optionId(current.code) : undefined}
          aria-describedby={`${id}-count${error ? ` ${id}-error` : ''}`}
          aria-invalid={error ? true : undefined}
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
        />
        <ul
          id={listId}
          role="listbox"
          aria-label="States served"
          aria-multiselectable="true"
          className="grid max-h-64 grid-cols-1 overflow-y-auto rounded-md border border-border p-1 sm:grid-cols-2 lg:grid-cols-3"
        >
          {shown.map((state) => {
            const on = selected.includes(state.code);
            return (
              <li
                key={state.code}
                id={optionId(state.code)}
                role="option"
                aria-selected={on}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => toggle(state.code)}
                className={cn(
                  'flex min-h-11 cursor-pointer items-center gap-2 rounded-sm px-2 text-sm',
                  state.code === current?.code && 'outline-2 outline-ring',
                )}
              >
                <span
                  aria-hidden="true"
                  className={cn(
                    'flex size-5 items-center justify-center rounded border border-input',
                    on && 'border-primary bg-primary text-background',
                  )}
                >
                  {on ? <Check className="size-4" /> : null}
                </span>
                {state.name}
              </li>
            );
          })}
          {shown.length === 0 ? (
            <li className="p-2 text-sm text-muted-foreground">No state matches "{query}".</li>
          ) : null}
        </ul>
      </div>
      <FieldError id={id} error={error} />
    </div>
  );
}
