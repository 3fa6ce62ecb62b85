import { Plus, Trash2 } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import type { LadderMedication } from '../../../../domain/shared/prices';
import { withStandardDoses, type PriceRow } from '../provider-form';
import { FieldError } from '../../../components/field';
import { useFormProblems } from '../../../components/form/form-kit';

const TITLES: Record<LadderMedication, string> = {
  semaglutide: 'Semaglutide',
  tirzepatide: 'Tirzepatide',
};

/**
 * Dose label -> monthly price rows for one medication. Blank prices publish nothing for that dose.
 * Inside a kit form: row errors are the last submit's problems at 'prices.<medication>.<row>'.
 */
export function PriceEditor({
  medication,
  rows,
  disabled,
  onChange,
}: {
  medication: LadderMedication;
  rows: PriceRow[];
  disabled: boolean;
  onChange: (rows: PriceRow[]) => void;
}) {
  const title = TITLES[medication];
  const errors = useFormProblems()?.byField ?? {};
  const tableError = errors[`prices.${medication}`];
  const update = (index: number, patch: Partial<PriceRow>) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));

  return (
    <fieldset className="grid gap-3 rounded-md border border-border p-4" disabled={disabled}>
      <legend className="px-1 text-sm font-semibold">{title} monthly prices</legend>
      <FieldError id={`price-${medication}`} error={tableError} />
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">No {title.toLowerCase()} prices yet.</p>
      ) : null}
      {rows.length > 0 ? (
        <div className="grid gap-2">
          <div
            className="grid grid-cols-[1fr_1fr_2.75rem] gap-2 text-sm font-medium text-muted-foreground"
            aria-hidden="true"
          >
            <span>Dose</span>
            <span>Price per month (USD)</span>
            <span />
          </div>
          {rows.map((row, index) => {
            const id = `price-${medication}-${index}`;
            const error = errors[`prices.${medication}.${index}`];
            return (
              <div key={index} className="grid gap-1">
                <div className="grid grid-cols-[1fr_1fr_2.75rem] items-center gap-2">
                  <Input
                    id={`${id}-dose`}
                    aria-label={`${title} dose ${index + 1}`}
                    placeholder="e.g. 0.25mg"
                    value={row.dose}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `${id}-error` : undefined}
                    onChange={(e) => update(index, { dose: e.target.value })}
                  />
                  <Input
                    id={`${id}-price`}
                    aria-label={`${title} price per month ${index + 1}`}
                    inputMode="decimal"
                    placeholder="e.g. 249"
                    className="tabular-nums"
                    value={row.price}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `${id}-error` : undefined}
                    onChange={(e) => update(index, { price: e.target.value })}
                  />
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Remove ${title} row ${index + 1}`}
                    onClick={() => onChange(rows.filter((_, i) => i !== index))}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </div>
                <FieldError id={id} error={error} />
              </div>
            );
          })}
        </div>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          className="h-11"
          onClick={() => onChange([...rows, { dose: '', price: '' }])}
        >
          <Plus aria-hidden="true" />
          Add {title} dose
        </Button>
        <Button
          variant="ghost"
          size="sm"
          className="h-11"
          onClick={() => onChange(withStandardDoses(medication, rows))}
        >
          Add standard {title} doses
        </Button>
      </div>
    </fieldset>
  );
}
