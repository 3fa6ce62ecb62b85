import type { ReactNode } from 'react';
import { Label } from './ui/label';
import { cn } from '../lib/utils';

/** The DOM id of a form field, from its field key ('card.logoUrl' -> 'provider-card-logoUrl'). */
export function fieldId(prefix: string, key: string): string {
  return `${prefix}-${key.replace(/\./g, '-')}`;
}

/** Props that tie an input to its message: invalid state and description for screen readers. */
export function describedBy(id: string, error: string | undefined, hint?: boolean) {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': ids || undefined,
  } as const;
}

export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <p id={`${id}-error`} className="text-sm font-medium text-destructive">
      {error}
    </p>
  );
}

/** A label, the control, an optional hint and the field's error message. */
export function Field({
  id,
  label,
  required,
  hint,
  error,
  className,
  children,
}: {
  id: string;
  label: string;
  required?: boolean;
  hint?: string;
  error?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn('grid gap-2', className)}>
      <Label htmlFor={id}>
        {label}
        {required ? (
          <span aria-hidden="true" className="text-destructive">
            {' '}
            *
          </span>
        ) : null}
      </Label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <FieldError id={id} error={error} />
    </div>
  );
}

/** A polite live region that is always in the page, so screen readers hear its changes. */
export function LiveMessage({
  id,
  message,
  tone = 'error',
  className,
}: {
  /** For a field whose message this is (its aria-describedby names the id). */
  id?: string;
  message: string | null;
  tone?: 'error' | 'info';
  className?: string;
}) {
  return (
    <div
      id={id}
      role={tone === 'error' ? 'alert' : 'status'}
      aria-live={tone === 'error' ? 'assertive' : 'polite'}
      className={cn(
        message ? 'rounded-md border p-3 text-sm' : 'sr-only',
        message && tone === 'error'
          ? 'border-destructive/40 bg-destructive-soft text-destructive'
          : '',
        message && tone === 'info' ? 'border-border bg-surface text-foreground' : '',
        className,
      )}
    >
      {message}
    </div>
  );
}
