/**
 * Price alert events, stored in the stream `price-alerts-{subscriptionId}`: what one subscriber
 * asked to be told about, and whether the address confirmed it wants alerts (double opt-in,
 * unlike the weekly issue).
 *
 * The medication a visitor follows is health data: `alert` of PriceAlertRequested is sealed in
 * the log with the subscriber's key (commands/newsletter/sealed-event-store.ts). Once the
 * subscription is erased the key is gone and the event reads `{ subscriptionId, alertId,
 * erased: true }`: readers take the alert through `requestedAlert`, which says null then.
 */
import { z } from 'zod';
import type { DomainEvent } from '../shared/envelope';
import { isStateCode, type StateCode } from '../shared/reference/states';
import {
  MAX_ALERT_BELOW_USD,
  MIN_ALERT_BELOW_USD,
  PRICE_ALERT_FIELD_MESSAGES,
  PRICE_ALERT_MEDICATIONS,
} from './alert-vocabulary';

export const PRICE_ALERT_STREAM_PREFIX = 'price-alerts-';
export const priceAlertStreamId = (subscriptionId: string): string =>
  `${PRICE_ALERT_STREAM_PREFIX}${subscriptionId}`;

export * from './alert-vocabulary';

const medication = z.enum(PRICE_ALERT_MEDICATIONS, PRICE_ALERT_FIELD_MESSAGES.medication);

export const providerPriceAlertSchema = z.object({
  kind: z.literal('provider'),
  providerSlug: z
    .string({ error: PRICE_ALERT_FIELD_MESSAGES.providerSlug })
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, PRICE_ALERT_FIELD_MESSAGES.providerSlug)
    .max(120, PRICE_ALERT_FIELD_MESSAGES.providerSlug),
  medication,
});

export const cheapestPriceAlertSchema = z.object({
  kind: z.literal('cheapest'),
  medication,
  state: z
    .string({ error: PRICE_ALERT_FIELD_MESSAGES.state })
    .refine((code): code is StateCode => isStateCode(code), PRICE_ALERT_FIELD_MESSAGES.state),
  below: z
    .number({ error: PRICE_ALERT_FIELD_MESSAGES.below })
    .int(PRICE_ALERT_FIELD_MESSAGES.below)
    .min(MIN_ALERT_BELOW_USD, PRICE_ALERT_FIELD_MESSAGES.below)
    .max(MAX_ALERT_BELOW_USD, PRICE_ALERT_FIELD_MESSAGES.below),
});

export const priceAlertSchema = z.discriminatedUnion(
  'kind',
  [providerPriceAlertSchema, cheapestPriceAlertSchema],
  { error: PRICE_ALERT_FIELD_MESSAGES.kind },
);

export type ProviderPriceAlert = z.infer<typeof providerPriceAlertSchema>;
export type CheapestPriceAlert = z.infer<typeof cheapestPriceAlertSchema>;
export type PriceAlert = z.infer<typeof priceAlertSchema>;

const subscriptionId = z.string().min(1);
const alertId = z.string().min(1).max(64);

export const priceAlertEventSchemas = {
  /** The subscriber asked for an alert (`alert` sealed in the log, see above). */
  PriceAlertRequested: z.object({ subscriptionId, alertId, alert: priceAlertSchema }),
  /** The address confirmed by the signed link: its alerts (present and future) may be mailed. */
  PriceAlertsConfirmed: z.object({ subscriptionId }),
  PriceAlertRemoved: z.object({ subscriptionId, alertId }),
} as const;

type Schemas = typeof priceAlertEventSchemas;
export type PriceAlertEventType = keyof Schemas;
export type PriceAlertEventData<T extends PriceAlertEventType> = z.infer<Schemas[T]>;

/** Any price alert event as the decider emits it. */
export type PriceAlertEvent = {
  [T in PriceAlertEventType]: DomainEvent<T, PriceAlertEventData<T>>;
}[PriceAlertEventType];

export const PRICE_ALERT_EVENT_TYPES = Object.keys(priceAlertEventSchemas) as PriceAlertEventType[];

export function isPriceAlertEventType(type: string): type is PriceAlertEventType {
  return Object.hasOwn(priceAlertEventSchemas, type);
}

/** Narrows a stored event to a price alert event (data trusted: validated on append). */
export function asPriceAlertEvent(event: { type: string; data: unknown }): PriceAlertEvent | null {
  return isPriceAlertEventType(event.type) ? (event as PriceAlertEvent) : null;
}

/** The alert a PriceAlertRequested carries, or null when it was erased (its key destroyed). */
export function requestedAlert(data: { alert?: unknown }): PriceAlert | null {
  const parsed = priceAlertSchema.safeParse(data.alert);
  return parsed.success ? parsed.data : null;
}

/** One key per distinct alert: the same alert asked twice is one alert. */
export function priceAlertKey(alert: PriceAlert): string {
  return alert.kind === 'provider'
    ? `provider:${alert.providerSlug}:${alert.medication}`
    : `cheapest:${alert.medication}:${alert.state}:${alert.below}`;
}
