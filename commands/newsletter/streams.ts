import { randomBytes } from 'node:crypto';
import { normaliseEmail } from '../../domain/shared/email';
import { sha256 } from '../hash';

/**
 * What a subscription id looks like: 32 hex characters (random, subscriber-ids.ts), or 64 for
 * a subscription made before that, whose id was the sha256 of its address (legacy).
 */
export const SUBSCRIPTION_ID_PATTERN = /^(?:[0-9a-f]{32}|[0-9a-f]{64})$/;

/** A new subscription's id: random, so its stream `subscription-{id}` says nothing of the address. */
export const newSubscriptionId = (): string => randomBytes(16).toString('hex');

/**
 * The id a subscription of `email` had before ids were random: the sha256 (hex) of the
 * normalised address. Only to find such a subscription again (subscriber-ids.ts) and to
 * recognise its stream (legacy-streams.ts); never for a new one.
 */
export function legacySubscriptionIdOf(email: string): string {
  return sha256(normaliseEmail(email));
}

/** A legacy id (the sha256 of an address) rather than a random one. */
export const isLegacySubscriptionId = (id: string): boolean => /^[0-9a-f]{64}$/.test(id);
