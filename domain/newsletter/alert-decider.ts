/**
 * A subscriber's price alerts, one stream `price-alerts-{subscriptionId}`. Pure; the alert
 * arrives validated (commands/newsletter/alert-commands.ts) and the provider checked against the
 * listed providers by the route.
 *   RequestPriceAlert   a new alert -> PriceAlertRequested; the same alert again -> nothing;
 *                       a 21st alert -> 'too many'.
 *   ConfirmPriceAlerts  unconfirmed -> PriceAlertsConfirmed; confirmed -> nothing (a link
 *                       opened twice); no alert ever asked -> not found.
 *   RemovePriceAlert    a kept alert -> PriceAlertRemoved; otherwise not found.
 */
import { decisionErrors, type Decider } from '../shared/decider';
import {
  MAX_PRICE_ALERTS,
  priceAlertKey,
  requestedAlert,
  type PriceAlert,
  type PriceAlertEvent,
} from './alert-events';

export interface PriceAlertsState {
  /** Whether any alert was ever asked for (the stream exists). */
  requested: boolean;
  confirmed: boolean;
  /** The alerts kept; `key` null: erased (its key destroyed with the subscription). */
  alerts: readonly { alertId: string; key: string | null }[];
}

export const initialPriceAlertsState: PriceAlertsState = {
  requested: false,
  confirmed: false,
  alerts: [],
};

export type PriceAlertCommand =
  | { type: 'RequestPriceAlert'; subscriptionId: string; alertId: string; alert: PriceAlert }
  | { type: 'ConfirmPriceAlerts'; subscriptionId: string }
  | { type: 'RemovePriceAlert'; subscriptionId: string; alertId: string };

export const priceAlertErrors = decisionErrors({
  too_many_price_alerts: `An address can keep at most ${MAX_PRICE_ALERTS} price alerts. Remove one to add another.`,
  price_alerts_not_found: 'No price alert was asked for with this address.',
  price_alert_not_found: 'Price alert not found.',
});
export type PriceAlertErrorCode = keyof typeof priceAlertErrors.messages;

export function evolvePriceAlerts(
  state: PriceAlertsState,
  event: PriceAlertEvent,
): PriceAlertsState {
  switch (event.type) {
    case 'PriceAlertRequested': {
      const alert = requestedAlert(event.data);
      return {
        ...state,
        requested: true,
        alerts: [
          ...state.alerts,
          { alertId: event.data.alertId, key: alert ? priceAlertKey(alert) : null },
        ],
      };
    }
    case 'PriceAlertsConfirmed':
      return { ...state, confirmed: true };
    case 'PriceAlertRemoved':
      return {
        ...state,
        alerts: state.alerts.filter((kept) => kept.alertId !== event.data.alertId),
      };
  }
}

export function decidePriceAlerts(
  command: PriceAlertCommand,
  state: PriceAlertsState,
): PriceAlertEvent[] {
  switch (command.type) {
    case 'RequestPriceAlert': {
      const key = priceAlertKey(command.alert);
      if (state.alerts.some((kept) => kept.key === key)) return [];
      if (state.alerts.length >= MAX_PRICE_ALERTS) priceAlertErrors.fail('too_many_price_alerts');
      return [
        {
          type: 'PriceAlertRequested',
          data: {
            subscriptionId: command.subscriptionId,
            alertId: command.alertId,
            alert: command.alert,
          },
        },
      ];
    }
    case 'ConfirmPriceAlerts':
      if (!state.requested) priceAlertErrors.fail('price_alerts_not_found');
      if (state.confirmed) return [];
      return [{ type: 'PriceAlertsConfirmed', data: { subscriptionId: command.subscriptionId } }];
    case 'RemovePriceAlert':
      if (!state.alerts.some((kept) => kept.alertId === command.alertId)) {
        priceAlertErrors.fail('price_alert_not_found');
      }
      return [
        {
          type: 'PriceAlertRemoved',
          data: { subscriptionId: command.subscriptionId, alertId: command.alertId },
        },
      ];
  }
}

/** A subscriber's price alerts: one stream `price-alerts-{subscriptionId}`. */
export const priceAlertsDecider: Decider<PriceAlertCommand, PriceAlertEvent, PriceAlertsState> = {
  decide: (command, state) => decidePriceAlerts(command, state),
  evolve: evolvePriceAlerts,
  initialState: initialPriceAlertsState,
};
