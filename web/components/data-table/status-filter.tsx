import { Label } from '../ui/label';

/**
 * A list's status filter: a labelled native select (keyboard and screen readers for free) whose
 * first option shows everything, then one option per status in `labels`' order. `onChange`
 * gets one of its statuses, or undefined for all.
 */
export function StatusFilter<Status extends string>({
  id,
  allLabel,
  labels,
  value,
  onChange,
}: {
  id: string;
  /** The first option, e.g. 'All posts'. */
  allLabel: string;
  /** Each status and what the option says, in the order shown. */
  labels: Readonly<Record<Status, string>>;
  value: Status | undefined;
  onChange: (value: Status | undefined) => void;
}) {
  const statuses = Object.keys(labels) as Status[]; // the keys of a Record<Status, string>
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>Status</Label>
      <select
        id={id}
        className="h-11 rounded-md border border-input bg-background px-3 text-sm"
        value={value ?? ''}
        onChange={(e) => onChange(statuses.find((status) => status === e.target.value))}
      >
        <option value="">{allLabel}</option>
        {statuses.map((status) => (
          <option key={status} value={status}>
            {labels[status]}
          </option>
        ))}
      </select>
    </div>
  );
}
