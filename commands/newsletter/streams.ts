import { normaliseEmail } from '../../domain/shared/email';
import { subscriptionStreamId as streamOf } from '../../domain/newsletter/events';
import { sha256 } from '../hash';

/** A subscription's id: the sha256 (hex) of the normalised e-mail, so each address has one id. */
export function subscriptionIdOf(email: string): string {
  return sha256(normaliseEmail(email));
}

/**
 * `subscription-{sha256 of the normalised e-mail}`: one stream per address, appended with
 * 'no_stream' expected, so a second subscription of the same e-mail cannot succeed.
 */
export function subscriptionStreamId(email: string): string {
  return streamOf(subscriptionIdOf(email));
}
