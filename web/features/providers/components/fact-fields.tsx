/**
 * The inputs of the cost-and-trust sections (issue 25), on the design system's fields: every
 * input has its label, its hint and its error tied to it (aria-describedby), and 'Unknown' is a
 * choice of its own for every yes/no and every amount.
 */
import type { ReactNode } from 'react';
import { Input } from '../../../components/ui/input';
import { Field, FieldError, describedBy } from '../../../components/field';
import { cn } from '../../../lib/utils';
import type { AmountKind, AmountValues, YesNoUnknown } from '../facts-form';

const SELECT_CLASS =
  'h-11 w-full rounded-md border border-input bg-background px-3 text-base text-foreground aria-invalid:border-destructive sm:text-sm';

/** A labelled single-line input (text, URL, number or date). */
export function TextInput({
  id,
  label,
  value,
  onChange,
  error,
  hint,
  type = 'text',
  inputMode,
  placeholder,
  className,
  warning,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
  type?: 'text' | 'url' | 'date';
  inputMode?: 'decimal' | 'numeric';
  placeholder?: string;
  className?: string;
  /** A warning that does not block (claims.ts): read with the field. */
  warning?: string | null;
}) {
  const described = describedBy(id, error, Boolean(hint));
  const warningId = `${id}-warning`;
  const ids = [described['aria-describedby'], warning ? warningId : null].filter(Boolean);
  return (
    <Field id={id} label={label} hint={hint} error={error} className={className}>
      <Input
        {...described}
        aria-describedby={ids.join(' ') || undefined}
        type={type}
        inputMode={inputMode}
        autoComplete="off"
        placeholder={placeholder}
        className={inputMode ? 'tabular-nums' : undefined}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
      <ClaimWarning id={warningId} message={warning ?? null} />
    </Field>
  );
}

/** A warning about risky wording next to its field: announced politely, never blocking. */
export function ClaimWarning({ id, message }: { id: string; message: string | null }) {
  return (
    <p
      id={id}
      role="status"
      className={cn(
        message
          ? 'rounded-md border border-l-4 border-border border-l-destructive bg-surface p-2 text-sm text-foreground'
          : 'sr-only',
      )}
    >
      {message ? (
        <>
          <span className="font-semibold">Claim warning: </span>
          {message}
        </>
      ) : null}
    </p>
  );
}

/** A labelled native select (works with the keyboard and screen readers as is). */
export function ChoiceField<T extends string>({
  id,
  label,
  value,
  options,
  onChange,
  error,
  hint,
  className,
}: {
  id: string;
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
  error?: string;
  hint?: string;
  className?: string;
}) {
  return (
    <Field id={id} label={label} hint={hint} error={error} className={className}>
      <select
        {...describedBy(id, error, Boolean(hint))}
        className={SELECT_CLASS}
        value={value}
        onChange={(e) => {
          const next = options.find((o) => o.value === e.target.value);
          if (next) onChange(next.value);
        }}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

const YES_NO: readonly { value: YesNoUnknown; label: string }[] = [
  { value: 'unknown', label: 'Unknown' },
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
];

/** Yes / No / Unknown: unknown is its own answer, never read as no. */
export function YesNoField(props: {
  id: string;
  label: string;
  value: YesNoUnknown;
  onChange: (value: YesNoUnknown) => void;
  error?: string;
  hint?: string;
}) {
  return <ChoiceField {...props} options={YES_NO} />;
}

const AMOUNT_KINDS: readonly { value: AmountKind; label: string }[] = [
  { value: 'unknown', label: 'Unknown' },
  { value: 'amount', label: 'Amount' },
  { value: 'included', label: 'Included' },
];

/** An amount in USD, 'Included' or 'Unknown'; the dollar input only for an amount. */
export function AmountField({
  id,
  label,
  value,
  onChange,
  error,
  hint,
}: {
  id: string;
  label: string;
  value: AmountValues;
  onChange: (value: AmountValues) => void;
  error?: string;
  hint?: string;
}) {
  return (
    <fieldset className="grid min-w-0 gap-2" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="text-sm font-medium">{label}</legend>
      <div className="grid grid-cols-2 gap-2">
        <div className="grid gap-1">
          <label htmlFor={`${id}-kind`} className="sr-only">
            {label}: kind
          </label>
          <select
            id={`${id}-kind`}
            className={SELECT_CLASS}
            value={value.kind}
            // With an amount, the error is the amount's (the dollar input below carries it).
            aria-invalid={error && value.kind !== 'amount' ? true : undefined}
            aria-describedby={hint ? `${id}-hint` : undefined}
            onChange={(e) => {
              const kind = AMOUNT_KINDS.find((k) => k.value === e.target.value)?.value;
              if (kind) onChange({ ...value, kind });
            }}
          >
            {AMOUNT_KINDS.map((kind) => (
              <option key={kind.value} value={kind.value}>
                {kind.label}
              </option>
            ))}
          </select>
        </div>
        {value.kind === 'amount' ? (
          <div className="grid gap-1">
            <label htmlFor={id} className="sr-only">
              {label} (USD)
            </label>
            <Input
              id={id}
              inputMode="decimal"
              autoComplete="off"
              placeholder="USD"
              className="tabular-nums"
              value={value.usd}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(e) => onChange({ ...value, usd: e.target.value })}
            />
          </div>
        ) : null}
      </div>
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <FieldError id={id} error={error} />
    </fieldset>
  );
}

/** A bordered group of fields with its legend (one offer, one fee, one caution). */
export function FieldGroup({
  legend,
  children,
  className,
}: {
  legend: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <fieldset className={cn('grid min-w-0 gap-4 rounded-md border border-border p-4', className)}>
      <legend className="px-1 text-sm font-semibold">{legend}</legend>
      {children}
    </fieldset>
  );
}
