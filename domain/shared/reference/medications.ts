/**
 * The five medications a provider can offer (admin form) or submit (public form),
 * in the specification's order and spelling.
 */
export const MEDICATIONS = [
  'Semaglutide',
  'Tirzepatide',
  'Liraglutide',
  'Dulaglutide',
  'Other GLP-1 medications',
] as const;

export type Medication = (typeof MEDICATIONS)[number];

export function isMedication(value: string): value is Medication {
  return (MEDICATIONS as readonly string[]).includes(value);
}

/** Brand and generic names the public pages talk about. */
export const PUBLIC_MEDICATION_NAMES = [
  'Semaglutide',
  'Tirzepatide',
  'Wegovy',
  'Ozempic',
  'Mounjaro',
  'Zepbound',
] as const;
