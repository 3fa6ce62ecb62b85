import type { ReactNode } from 'react';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { cn } from '../../lib/utils';

export interface NumberFieldProps {
  /** Unique on the page: the calculators' panels stay mounted side by side. */
  id: string;
  /** The URL name the GET form sends. */
  name: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  /** The rule's message, shown word for word under the input. */
  error?: string;
  hint?: ReactNode;
  min?: number;
  max?: number;
  step?: number | 'any';
  /** Decimal keypad on phones unless whole numbers are asked for. */
  inputMode?: 'decimal' | 'numeric';
  className?: string;
}

/** HTML's 'valid floating-point number' (what a number input's value attribute may hold). */
const VALID_FLOAT = /^-?(?:\d+(?:\.\d+)?|\.\d+)(?:[eE][-+]?\d+)?$/;

/**
 * A labelled number input whose hint and message are tied to it (aria-describedby) and which
 * says it is invalid (aria-invalid). min/max/step describe the range to assistive technology;
 * the form itself is noValidate so the rules' messages, not the browser's, are shown.
 */
export function NumberField({
  id,
  name,
  label,
  value,
  onChange,
  error,
  hint,
  min,
  max,
  step = 'any',
  inputMode = 'decimal',
  className,
}: NumberFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  // What was sent without JavaScript may be no number at all ('?dose=abc'): shown as typed,
  // next to its message, in a text input (a number input's value must be a number). A number
  // input in the browser only ever reports numbers or '', so typing never switches the type.
  const asNumber = value === '' || VALID_FLOAT.test(value);
  return (
    <div className={cn('grid content-start gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        name={name}
        type={asNumber ? 'number' : 'text'}
        inputMode={inputMode}
        {...(asNumber ? { step, min, max } : {})}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className="tabular-nums"
      />
      {error ? (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
      {hint ? (
        <p id={hintId} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
