import { normaliseEmail } from '../../domain/shared/email';
import { subscriptionStreamId as streamOf } from '../../domain/newsletter/events';
import { sha256 } from '../hash';

/** What a subscription id looks like: a lowercase hex sha256. */
export const SUBSCRIPTION_ID_PATTERN = /^[0-9a-f]{64}$/;

/** A subscription's id: the sha256 (hex) of the normalised e-mail, so each address has one id. */
export function subscriptionIdOf(email: string): string {
  return sha256(normaliseEmail(email));
}

/**
 * `subscription-{sha256 of the normalised e-mail}`: one stream per address, so a second
 * subscription of the same e-mail is decided on the first one's history.
 */
export function subscriptionStreamId(email: string): string {
  return streamOf(subscriptionIdOf(email));
}
