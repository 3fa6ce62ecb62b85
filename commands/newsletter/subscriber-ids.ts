/**
 * From an address to its subscription, without the event log naming the address: a new
 * subscription gets a random id (streams.ts), and the key store (outside the log) links
 * HMAC-SHA256(its secret, the normalised address) to it. The link is made insert-if-absent,
 * so two subscriptions of one address racing get one id and the event store's no-stream
 * expectation still answers the second 'already subscribed'. Erasing the subscription
 * destroys its key and its link together (key-store.ts): subscribing again afterwards makes a
 * new, unrelated id.
 *
 * Subscriptions made before this have the sha256 of their address as id. A live one (active
 * or inactive) is linked the first time its address is looked up, so it keeps working; an
 * erased one is never linked again (on the embedded profile legacy-streams.ts renames it).
 */
import { createHmac } from 'node:crypto';
import { foldSubscription } from '../../domain/newsletter/decider';
import { asSubscriptionEvent, subscriptionStreamId } from '../../domain/newsletter/events';
import { normaliseEmail } from '../../domain/shared/email';
import type { EventStore } from '../event-store/port';
import type { SubscriberKeyStore } from './key-store';
import { legacySubscriptionIdOf, newSubscriptionId } from './streams';

export interface SubscriberIds {
  /** The address's subscription id: the one linked, else a new one linked now. */
  idFor(email: string): Promise<string>;
  /** The address's subscription id, or null (never subscribed, or erased). Links nothing. */
  find(email: string): Promise<string | null>;
}

const PURPOSE = 'subscriber-link:v1:';

export function createSubscriberIds(
  keys: SubscriberKeyStore,
  events: Pick<EventStore, 'readStream'>,
): SubscriberIds {
  let secret: Promise<Buffer> | null = null;
  async function lookupOf(email: string): Promise<string> {
    secret ??= keys.linkSecret().catch((error: unknown) => {
      secret = null; // asked again next time (the store was unreachable)
      throw error;
    });
    return createHmac('sha256', await secret)
      .update(`${PURPOSE}${normaliseEmail(email)}`, 'utf8')
      .digest('hex');
  }

  /** The legacy id of the address when its stream holds a live subscription, else null. */
  async function liveLegacyId(email: string): Promise<string | null> {
    const id = legacySubscriptionIdOf(email);
    const history = await events.readStream(subscriptionStreamId(id));
    if (history.length === 0) return null;
    const state = foldSubscription(
      history.flatMap((event) => {
        const known = asSubscriptionEvent(event);
        return known ? [known] : [];
      }),
    );
    return state.status === 'active' || state.status === 'inactive' ? id : null;
  }

  return {
    async idFor(email) {
      const lookup = await lookupOf(email);
      const linked = await keys.linked(lookup);
      if (linked) return linked;
      return keys.link(lookup, (await liveLegacyId(email)) ?? newSubscriptionId());
    },
    async find(email) {
      const lookup = await lookupOf(email);
      return (await keys.linked(lookup)) ?? liveLegacyId(email);
    },
  };
}
