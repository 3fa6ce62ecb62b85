/**
 * Stream names that need hashing (node:crypto lives here, not in the pure domain).
 */
import { createHash } from 'node:crypto';
import { ADMIN_STREAM_PREFIX, normaliseEmail } from '../domain/admin/events';
import { normaliseSubscriberEmail } from '../domain/rules/newsletter';
import { subscriptionStreamId as streamOf } from '../domain/subscription/events';

const sha256 = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

/** `admin-{sha256 of the lowercased e-mail}`: one stream per e-mail, so 'no_stream' keeps it unique. */
export function adminStreamId(email: string): string {
  return `${ADMIN_STREAM_PREFIX}${sha256(normaliseEmail(email))}`;
}

/** The form a setup token is stored and compared in; the plain token only lives in the printed link. */
export function hashSetupToken(token: string): string {
  return sha256(token);
}

/** A subscription's id: the sha256 (hex) of the normalised e-mail, so each address has one id. */
export function subscriptionIdOf(email: string): string {
  return sha256(normaliseSubscriberEmail(email));
}

/**
 * `subscription-{sha256 of the normalised e-mail}`: one stream per address, appended with
 * 'no_stream' expected, so a second subscription of the same e-mail cannot succeed.
 */
export function subscriptionStreamId(email: string): string {
  return streamOf(subscriptionIdOf(email));
}
