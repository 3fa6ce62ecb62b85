/**
 * 'price_alerts': one PriceAlertDoc per alert kept ({ _id: alertId, subscriptionId, kind,
 * providerSlug?, medication, state?, below?, confirmed, requestedAt }), and
 * 'price_alert_subscribers': whether each subscriber confirmed its address for alerts (so an
 * alert asked after the confirmation is confirmed at once).
 *
 * Erasure: a PriceAlertRequested read after its subscription was erased carries no alert
 * (`requestedAlert` null) and makes no row, and SubscriptionDeleted removes the subscriber's
 * rows, so the medication a visitor followed leaves the read model with the address.
 *
 * The matcher's look-ups (by provider and medication, by medication and state) read an index
 * kept in memory per version of the confirmed alerts: a find over 100,000 alerts copied 20,000
 * documents per look-up (20 to 40 ms each, scripts/bench/price-alerts.ts); the index is built
 * once (one find) and then answers in microseconds. Its version is a counter this projector
 * moves whenever it writes (in this process: the matcher runs where the projections run) and
 * the number of alerts.
 */
import {
  PRICE_ALERT_EVENT_TYPES,
  asPriceAlertEvent,
  requestedAlert,
  type PriceAlertKind,
  type PriceAlertMedication,
} from '../../domain/newsletter/alert-events';
import { perContext, type Projector } from '../projector';
import type { BulkOperation, Document, ReadStore } from '../read-store/port';

export const PRICE_ALERT_COLLECTIONS = {
  alerts: 'price_alerts',
  subscribers: 'price_alert_subscribers',
  /** Kept (not projected, workers/newsletter/price-alerts.ts): one document per alert mail sent. */
  sent: 'price_alert_sent',
} as const;

export type PriceAlertDoc = Document & {
  subscriptionId: string;
  kind: PriceAlertKind;
  providerSlug?: string;
  medication: PriceAlertMedication;
  state?: string;
  below?: number;
  confirmed: boolean;
  requestedAt: string;
};

export type PriceAlertSubscriberDoc = Document & { confirmed: boolean; confirmedAt: string };

/** An alert mail sent (kept by the mail job). */
export type PriceAlertSentDoc = Document & { subscriptionId: string; at: string; alerts: number };

const SUBSCRIPTION_DELETED = 'SubscriptionDeleted';

interface Pending {
  alerts: BulkOperation<PriceAlertDoc>[];
  subscribers: BulkOperation<PriceAlertSubscriberDoc>[];
  /** Confirmation as this context has written it (ahead of the store until the flush). */
  confirmed: Map<string, boolean>;
}
/** Moves whenever this projector writes: the matcher's index is built again after it. */
let writes = 0;

const pendingByContext = perContext<Pending>(() => ({
  alerts: [],
  subscribers: [],
  confirmed: new Map(),
}));

export const priceAlertsProjector: Projector = {
  name: 'price_alerts',
  version: 1,
  eventTypes: [...PRICE_ALERT_EVENT_TYPES, SUBSCRIPTION_DELETED],
  collections: [PRICE_ALERT_COLLECTIONS.alerts, PRICE_ALERT_COLLECTIONS.subscribers],
  // What an alert follows is sealed in the log: sealed in a snapshot too, erased with the key.
  sealedData: { erasedBy: [SUBSCRIPTION_DELETED] },
  indexes: {
    [PRICE_ALERT_COLLECTIONS.alerts]: [
      { fields: { kind: 1, providerSlug: 1, medication: 1 } },
      { fields: { kind: 1, medication: 1, state: 1 } },
      { fields: { subscriptionId: 1 } },
    ],
  },
  async handle(recorded, ctx) {
    const pending = pendingByContext.of(ctx);
    const subscriptionId = (recorded.data as { subscriptionId?: unknown }).subscriptionId;
    if (typeof subscriptionId !== 'string') return;
    const isConfirmed = async () => {
      const known = pending.confirmed.get(subscriptionId);
      if (known !== undefined) return known;
      if (ctx.fromScratch) return false;
      const doc = await ctx
        .collection<PriceAlertSubscriberDoc>(PRICE_ALERT_COLLECTIONS.subscribers)
        .findOne({ _id: subscriptionId });
      return doc?.confirmed === true;
    };
    if (recorded.type === SUBSCRIPTION_DELETED) {
      pending.confirmed.set(subscriptionId, false);
      pending.alerts.push({ kind: 'delete', filter: { subscriptionId } });
      pending.subscribers.push({ kind: 'delete', filter: { _id: subscriptionId } });
      return;
    }
    const event = asPriceAlertEvent(recorded);
    if (!event) return;
    switch (event.type) {
      case 'PriceAlertRequested': {
        const alert = requestedAlert(event.data);
        if (alert === null) return; // erased: the alert is gone with its key
        pending.alerts.push({
          kind: 'upsert',
          doc: {
            _id: event.data.alertId,
            subscriptionId,
            ...alert,
            confirmed: await isConfirmed(),
            requestedAt: recorded.metadata.occurredAt,
          },
        });
        return;
      }
      case 'PriceAlertsConfirmed':
        pending.confirmed.set(subscriptionId, true);
        pending.subscribers.push({
          kind: 'upsert',
          doc: { _id: subscriptionId, confirmed: true, confirmedAt: recorded.metadata.occurredAt },
        });
        pending.alerts.push({
          kind: 'update',
          filter: { subscriptionId },
          update: { $set: { confirmed: true } },
        });
        return;
      case 'PriceAlertRemoved':
        pending.alerts.push({ kind: 'delete', filter: { _id: event.data.alertId } });
        return;
    }
  },
  async flush(ctx) {
    const pending = pendingByContext.take(ctx);
    if (!pending) return;
    if (pending.subscribers.length > 0 || pending.alerts.length > 0) writes++;
    if (pending.subscribers.length > 0) {
      await ctx
        .collection<PriceAlertSubscriberDoc>(PRICE_ALERT_COLLECTIONS.subscribers)
        .bulkWrite(pending.subscribers, { handOver: true });
    }
    if (pending.alerts.length > 0) {
      await ctx
        .collection<PriceAlertDoc>(PRICE_ALERT_COLLECTIONS.alerts)
        .bulkWrite(pending.alerts, { handOver: true });
    }
  },
};

export interface PriceAlertSummary {
  /** Alerts of confirmed addresses: these are mailed. */
  active: number;
  /** Alerts whose address has not confirmed yet. */
  awaitingConfirmation: number;
  /** Alert mails sent in the last 7 days. */
  sentThisWeek: number;
}

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

interface MatchIndex {
  version: string;
  /** `${providerSlug}:${medication}` or `${medication}:${state}` -> confirmed alerts. */
  provider: Map<string, PriceAlertDoc[]>;
  cheapest: Map<string, PriceAlertDoc[]>;
}
const indexes = new WeakMap<ReadStore, Promise<MatchIndex>>();

function push(map: Map<string, PriceAlertDoc[]>, key: string, doc: PriceAlertDoc) {
  const list = map.get(key);
  if (list) list.push(doc);
  else map.set(key, [doc]);
}

export function priceAlertQueries(store: ReadStore) {
  const alerts = () => store.collection<PriceAlertDoc>(PRICE_ALERT_COLLECTIONS.alerts);

  /** The confirmed alerts by what they follow, built again when the alerts changed. */
  async function matchIndex(): Promise<MatchIndex> {
    const version = `${writes}:${await alerts().count({})}`;
    const kept = indexes.get(store);
    if (kept && (await kept).version === version) return kept;
    const built = alerts()
      .find({ confirmed: true })
      .then((docs) => {
        const index: MatchIndex = { version, provider: new Map(), cheapest: new Map() };
        for (const doc of docs) {
          if (doc.kind === 'provider')
            push(index.provider, `${doc.providerSlug}:${doc.medication}`, doc);
          else push(index.cheapest, `${doc.medication}:${doc.state}`, doc);
        }
        return index;
      });
    indexes.set(store, built);
    built.catch(() => {
      if (indexes.get(store) === built) indexes.delete(store); // a failed read is not kept
    });
    return built;
  }

  return {
    /** Confirmed provider alerts of one provider's price of one medication (do not change them). */
    async providerPriceAlerts(providerSlug: string, medication: string): Promise<PriceAlertDoc[]> {
      return (await matchIndex()).provider.get(`${providerSlug}:${medication}`) ?? [];
    },
    /** Confirmed cheapest-price alerts of one medication in one state (do not change them). */
    async cheapestPriceAlerts(medication: string, state: string): Promise<PriceAlertDoc[]> {
      return (await matchIndex()).cheapest.get(`${medication}:${state}`) ?? [];
    },
    /** One subscriber's alerts, oldest first. */
    subscriberPriceAlerts(subscriptionId: string): Promise<PriceAlertDoc[]> {
      return alerts().find({ subscriptionId }, { sort: { requestedAt: 1 } });
    },
    /** Whether the subscriber confirmed its address for alerts. */
    async priceAlertsConfirmed(subscriptionId: string): Promise<boolean> {
      const doc = await store
        .collection<PriceAlertSubscriberDoc>(PRICE_ALERT_COLLECTIONS.subscribers)
        .findOne({ _id: subscriptionId });
      return doc?.confirmed === true;
    },
    async priceAlertSummary(now: Date = new Date()): Promise<PriceAlertSummary> {
      const since = new Date(now.getTime() - WEEK_MS).toISOString();
      const [active, awaitingConfirmation, sentThisWeek] = await Promise.all([
        alerts().count({ confirmed: true }),
        alerts().count({ confirmed: false }),
        store
          .collection<PriceAlertSentDoc>(PRICE_ALERT_COLLECTIONS.sent)
          .count({ at: { $gte: since } }),
      ]);
      return { active, awaitingConfirmation, sentThisWeek };
    },
  };
}

export type PriceAlertQueries = ReturnType<typeof priceAlertQueries>;
