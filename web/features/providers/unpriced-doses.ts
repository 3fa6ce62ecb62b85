/**
 * 'Add standard doses' appends unpriced rows, and a row without a price publishes nothing
 * (rowsToPrices). Before a new provider is created the form says which doses would be dropped
 * (issue 27), so the administrator saves knowingly or goes back to price them.
 */
import type { LadderMedication } from '../../../domain/shared/prices';
import { PRICE_MEDICATIONS, type PriceRow } from './provider-form';

export interface UnpricedDose {
  medication: LadderMedication;
  /** The row's place in its medication's table (the price input to focus). */
  index: number;
  /** As an administrator reads it: '2.5 mg'. */
  label: string;
}

const MEDICATION_NAMES: Record<LadderMedication, string> = {
  semaglutide: 'Semaglutide',
  tirzepatide: 'Tirzepatide',
};

/** '2.5mg' -> '2.5 mg'; any other label as typed. */
const doseLabel = (dose: string) => dose.trim().replace(/(\d)\s*mg$/i, '$1 mg');

/** Rows with a dose and an empty price, in table order. */
export function unpricedDoses(prices: Record<LadderMedication, PriceRow[]>): UnpricedDose[] {
  return PRICE_MEDICATIONS.flatMap((medication) =>
    prices[medication].flatMap((row, index) =>
      row.dose.trim() !== '' && row.price.trim() === ''
        ? [{ medication, index, label: doseLabel(row.dose) }]
        : [],
    ),
  );
}

/**
 * '2.5 mg, 5 mg have no price: they will not be shown to visitors. Add prices or remove the
 * doses.' The medication is named when doses of both lack a price. Null when none does.
 */
export function unpricedDosesMessage(doses: readonly UnpricedDose[]): string | null {
  if (doses.length === 0) return null;
  const both = new Set(doses.map((d) => d.medication)).size > 1;
  const names = doses
    .map((d) => (both ? `${MEDICATION_NAMES[d.medication]} ${d.label}` : d.label))
    .join(', ');
  return doses.length === 1
    ? `${names} has no price: it will not be shown to visitors. Add a price or remove the dose.`
    : `${names} have no price: they will not be shown to visitors. Add prices or remove the doses.`;
}
