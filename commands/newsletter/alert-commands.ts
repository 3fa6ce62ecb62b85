/**
 * Price alert commands: one stream `price-alerts-{subscriptionId}` per subscriber, decided by
 * priceAlertsDecider. The route resolves the subscription id (backend.subscribers) and checks
 * the provider against the listed ones before it dispatches.
 *
 * The confirmation link `/price-alerts/confirm/{subscriptionId}.{mac}` is signed like the
 * unsubscribe link (HMAC-SHA256 with the same secret) under its own purpose, so neither link
 * can stand for the other.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { priceAlertsDecider, type PriceAlertCommand } from '../../domain/newsletter/alert-decider';
import {
  priceAlertEventSchemas,
  priceAlertSchema,
  priceAlertStreamId,
} from '../../domain/newsletter/alert-events';
import { declareCommand, onStream, writeModel } from '../command';
import { subscriptionIdField } from './commands';
import { SUBSCRIPTION_ID_PATTERN } from './streams';

const priceAlertsModel = writeModel(priceAlertsDecider, priceAlertEventSchemas);

const alertIdField = z
  .string({ error: 'Alert id is required' })
  .regex(/^[A-Za-z0-9_-]{1,64}$/, 'Alert id must be 1 to 64 letters, digits, - or _');

export const requestPriceAlertCommand = z.object({
  type: z.literal('RequestPriceAlert'),
  subscriptionId: subscriptionIdField,
  alertId: alertIdField,
  alert: priceAlertSchema,
});

export const confirmPriceAlertsCommand = z.object({
  type: z.literal('ConfirmPriceAlerts'),
  subscriptionId: subscriptionIdField,
});

export const removePriceAlertCommand = z.object({
  type: z.literal('RemovePriceAlert'),
  subscriptionId: subscriptionIdField,
  alertId: alertIdField,
});

const onAlerts = (subscriptionId: string, command: PriceAlertCommand) => [
  onStream(priceAlertsModel, priceAlertStreamId(subscriptionId), {
    id: subscriptionId,
    decide: (state, now) => priceAlertsDecider.decide(command, state, now),
  }),
];

export const priceAlertCommands = {
  RequestPriceAlert: declareCommand({
    schema: requestPriceAlertCommand,
    streams: (command) => onAlerts(command.subscriptionId, command),
  }),
  ConfirmPriceAlerts: declareCommand({
    schema: confirmPriceAlertsCommand,
    streams: (command) => onAlerts(command.subscriptionId, command),
  }),
  RemovePriceAlert: declareCommand({
    schema: removePriceAlertCommand,
    streams: (command) => onAlerts(command.subscriptionId, command),
  }),
};

// ---- the signed confirmation link ----

const CONFIRM_PURPOSE = 'price-alerts-confirm:v1:';

const confirmMac = (secret: string, subscriptionId: string) =>
  createHmac('sha256', secret)
    .update(`${CONFIRM_PURPOSE}${subscriptionId}`, 'utf8')
    .digest('base64url');

export function signPriceAlertConfirmToken(secret: string, subscriptionId: string): string {
  if (!SUBSCRIPTION_ID_PATTERN.test(subscriptionId)) {
    throw new Error('A subscription id is 32 or 64 hexadecimal characters');
  }
  return `${subscriptionId}.${confirmMac(secret, subscriptionId)}`;
}

export type PriceAlertConfirmTokenCheck =
  { ok: true; subscriptionId: string } | { ok: false; reason: 'malformed' | 'bad-signature' };

/** The subscription a confirmation token names, when the server signed it; never throws. */
export function verifyPriceAlertConfirmToken(
  secret: string,
  token: unknown,
): PriceAlertConfirmTokenCheck {
  if (typeof token !== 'string' || token.length > 200) return { ok: false, reason: 'malformed' };
  const dot = token.indexOf('.');
  const subscriptionId = token.slice(0, dot);
  const signature = token.slice(dot + 1);
  if (
    dot < 0 ||
    !SUBSCRIPTION_ID_PATTERN.test(subscriptionId) ||
    !/^[A-Za-z0-9_-]{43}$/.test(signature)
  ) {
    return { ok: false, reason: 'malformed' };
  }
  // Compared as text: the 43rd character has unused bits (see unsubscribe-token.ts).
  const expected = Buffer.from(confirmMac(secret, subscriptionId));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: 'bad-signature' };
  }
  return { ok: true, subscriptionId };
}

export const PRICE_ALERT_CONFIRM_PATH_PREFIX = '/price-alerts/confirm/';

/** The absolute confirmation link of a subscriber's price alerts. */
export function priceAlertConfirmUrl(
  publicUrl: string,
  secret: string,
  subscriptionId: string,
): string {
  return `${publicUrl.replace(/\/$/, '')}${PRICE_ALERT_CONFIRM_PATH_PREFIX}${signPriceAlertConfirmToken(secret, subscriptionId)}`;
}
