/**
 * A subscriber's price alerts as Given(events) / When(command) / Then(events or error): at most
 * 20, the same alert twice is one, confirming is idempotent, removing needs a kept alert, and
 * an erased request (its alert unreadable) still counts as asked for.
 */
import { describe, it } from 'vitest';
import { priceAlertsDecider } from '../../../domain/newsletter/alert-decider';
import type { PriceAlert, PriceAlertEvent } from '../../../domain/newsletter/alert-events';
import { DecisionError } from '../../../domain/shared/decider';
import { DeciderSpecification } from '../../support/decider-specification';

const { given } = DeciderSpecification.for(priceAlertsDecider);

const SUB = 'a'.repeat(32);
const hims: PriceAlert = { kind: 'provider', providerSlug: 'hims', medication: 'semaglutide' };
const ohio: PriceAlert = { kind: 'cheapest', medication: 'tirzepatide', state: 'OH', below: 300 };

const requested = (alertId: string, alert: PriceAlert): PriceAlertEvent => ({
  type: 'PriceAlertRequested',
  data: { subscriptionId: SUB, alertId, alert },
});
const confirmed: PriceAlertEvent = { type: 'PriceAlertsConfirmed', data: { subscriptionId: SUB } };
const removed = (alertId: string): PriceAlertEvent => ({
  type: 'PriceAlertRemoved',
  data: { subscriptionId: SUB, alertId },
});
/** How a request reads after its subscription was erased (the sealed alert is gone). */
const erased = (alertId: string) =>
  ({
    type: 'PriceAlertRequested',
    data: { subscriptionId: SUB, alertId, erased: true },
  }) as unknown as PriceAlertEvent; // the erased shape has no `alert`: that is the point

const request = (alertId: string, alert: PriceAlert) =>
  ({ type: 'RequestPriceAlert', subscriptionId: SUB, alertId, alert }) as const;

/** Twenty different cheapest alerts (below $1..$20). */
const twenty = Array.from({ length: 20 }, (_, i) =>
  requested(`a${i}`, { kind: 'cheapest', medication: 'semaglutide', state: 'TX', below: i + 1 }),
);

describe('RequestPriceAlert', () => {
  it('given no alert, records the alert', () => {
    given([])
      .when(request('a1', hims))
      .then([requested('a1', hims)]);
  });

  it('given the same alert (another id), records nothing: it is not a second one', () => {
    given([requested('a1', hims)])
      .when(request('a2', hims))
      .thenNothingHappened();
  });

  it('given the same provider for another medication, records it', () => {
    const other: PriceAlert = { ...hims, medication: 'tirzepatide' };
    given([requested('a1', hims)])
      .when(request('a2', other))
      .then([requested('a2', other)]);
  });

  it('given the same cheapest alert at another amount, records it', () => {
    const lower: PriceAlert = { ...ohio, below: 250 };
    given([requested('a1', ohio)])
      .when(request('a2', lower))
      .then([requested('a2', lower)]);
  });

  it('given 20 alerts, a 21st is refused with the limit in words', () => {
    given(twenty).when(request('a21', hims)).thenThrows(DecisionError, {
      code: 'too_many_price_alerts',
      message: 'An address can keep at most 20 price alerts. Remove one to add another.',
    });
  });

  it('given 20 alerts, asking for one of them again is no error and records nothing', () => {
    given(twenty)
      .when(
        request('again', { kind: 'cheapest', medication: 'semaglutide', state: 'TX', below: 5 }),
      )
      .thenNothingHappened();
  });

  it('given 20 alerts and one removed, a new one is recorded', () => {
    given([...twenty, removed('a3')])
      .when(request('a21', hims))
      .then([requested('a21', hims)]);
  });

  it('given an erased request, it is no longer the same alert as a new one', () => {
    given([erased('a1')])
      .when(request('a2', hims))
      .then([requested('a2', hims)]);
  });
});

describe('ConfirmPriceAlerts', () => {
  it('given an unconfirmed alert, confirms the address', () => {
    given([requested('a1', hims)])
      .when({ type: 'ConfirmPriceAlerts', subscriptionId: SUB })
      .then([confirmed]);
  });

  it('given it is confirmed already (the link opened twice), records nothing', () => {
    given([requested('a1', hims), confirmed])
      .when({ type: 'ConfirmPriceAlerts', subscriptionId: SUB })
      .thenNothingHappened();
  });

  it('given no alert was ever asked for, it is not found', () => {
    given([])
      .when({ type: 'ConfirmPriceAlerts', subscriptionId: SUB })
      .thenThrows(DecisionError, { code: 'price_alerts_not_found' });
  });

  it('given every alert was removed, confirming still works (the address is what it confirms)', () => {
    given([requested('a1', hims), removed('a1')])
      .when({ type: 'ConfirmPriceAlerts', subscriptionId: SUB })
      .then([confirmed]);
  });
});

describe('RemovePriceAlert', () => {
  it('given the alert, removes it', () => {
    given([requested('a1', hims), requested('a2', ohio)])
      .when({ type: 'RemovePriceAlert', subscriptionId: SUB, alertId: 'a1' })
      .then([removed('a1')]);
  });

  it('given it was removed already, it is not found', () => {
    given([requested('a1', hims), removed('a1')])
      .when({ type: 'RemovePriceAlert', subscriptionId: SUB, alertId: 'a1' })
      .thenThrows(DecisionError, {
        code: 'price_alert_not_found',
        message: 'Price alert not found.',
      });
  });

  it('given no such alert, it is not found', () => {
    given([requested('a1', hims)])
      .when({ type: 'RemovePriceAlert', subscriptionId: SUB, alertId: 'zz' })
      .thenThrows(DecisionError, { code: 'price_alert_not_found' });
  });
});
