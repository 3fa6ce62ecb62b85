import { Label } from '../ui/label';

/**
 * A list's status filter: a labelled native select (keyboard and screen readers for free) whose
 * first option shows everything. `onChange` gets one of `options`' values, or undefined for all.
 */
export function StatusFilter<Status extends string>({
  id,
  allLabel,
  options,
  value,
  onChange,
}: {
  id: string;
  /** The first option, e.g. 'All posts'. */
  allLabel: string;
  options: ReadonlyArray<{ value: Status; label: string }>;
  value: Status | undefined;
  onChange: (value: Status | undefined) => void;
}) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>Status</Label>
      <select
        id={id}
        className="h-11 rounded-md border border-input bg-background px-3 text-sm"
        value={value ?? ''}
        onChange={(e) => onChange(options.find((o) => o.value === e.target.value)?.value)}
      >
        <option value="">{allLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
