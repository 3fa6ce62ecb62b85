import type { ReactNode, Ref } from 'react';
import { Info } from 'lucide-react';
import { Card } from '../../components/ui/card';

export interface ResultCardProps {
  /** Focused after Calculate, so it can take focus without being a tab stop. */
  headingRef: Ref<HTMLHeadingElement>;
  title: string;
  submitted: boolean;
  /** Inputs were edited after the last Calculate. */
  dirty: boolean;
  /** What to do to get a result, shown until Calculate is pressed. */
  emptyText: string;
  children: ReactNode;
}

/** The result column: nothing computed until Calculate, then the result and the advice note. */
export function ResultCard({
  headingRef,
  title,
  submitted,
  dirty,
  emptyText,
  children,
}: ResultCardProps) {
  return (
    <div className="grid content-start gap-4">
      <Card className="p-5 sm:p-6">
        <h2 ref={headingRef} tabIndex={-1} className="text-lg font-semibold outline-none">
          {title}
        </h2>
        <div className="mt-4">
          {submitted ? children : <p className="text-muted-foreground">{emptyText}</p>}
        </div>
        {submitted && dirty ? (
          <p className="mt-4 rounded-md bg-muted px-3 py-2 text-sm text-foreground">
            You changed a value since this result. Press Calculate to update it.
          </p>
        ) : null}
      </Card>
      <MedicalNote />
    </div>
  );
}

/** The "not medical advice" note sits beside every result, in normal-size text. */
export function MedicalNote() {
  return (
    <Card
      role="note"
      aria-label="Not medical advice"
      className="flex gap-3 bg-surface p-4 shadow-none"
    >
      <Info aria-hidden="true" className="mt-1 size-5 shrink-0 text-primary" />
      <p className="text-base leading-7 text-foreground">
        <strong className="font-semibold">Not medical advice.</strong> These calculators are for
        information only. Check every dose, syringe draw and price with your prescriber or
        pharmacist before you act on a result.
      </p>
    </Card>
  );
}

/** A labelled result line: label on the left, value (tabular numerals) on the right. */
export function ResultRow({
  label,
  value,
  detail,
}: {
  label: string;
  value: ReactNode;
  detail?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 border-b border-border py-3 last:border-b-0">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="text-right font-semibold tabular-nums text-foreground">
        {value}
        {detail ? (
          <span className="block text-sm font-normal text-muted-foreground">{detail}</span>
        ) : null}
      </dd>
    </div>
  );
}
