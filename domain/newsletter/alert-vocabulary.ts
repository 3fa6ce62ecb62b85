/**
 * Price alerts' words and limits without zod (the browser's form imports them; the event
 * schemas in alert-events.ts are built on them).
 */
export const PRICE_ALERT_MEDICATIONS = ['semaglutide', 'tirzepatide'] as const;
export type PriceAlertMedication = (typeof PRICE_ALERT_MEDICATIONS)[number];
export const PRICE_ALERT_KINDS = ['provider', 'cheapest'] as const;
export type PriceAlertKind = (typeof PRICE_ALERT_KINDS)[number];

export const MIN_ALERT_BELOW_USD = 1;
export const MAX_ALERT_BELOW_USD = 5000;
/** Alerts one subscriber may keep (the same alert twice counts once). */
export const MAX_PRICE_ALERTS = 20;

export const PRICE_ALERT_FIELD_MESSAGES = {
  kind: 'Alert kind must be provider or cheapest',
  providerSlug: 'Provider must be the address name of a listed provider, like acme-health',
  medication: 'Medication must be semaglutide or tirzepatide',
  state: 'State must be a two-letter US state code, like OH',
  below: `Amount must be a whole number of dollars from ${MIN_ALERT_BELOW_USD} to ${MAX_ALERT_BELOW_USD.toLocaleString('en-US')}`,
} as const;
