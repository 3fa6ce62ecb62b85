/**
 * POST /api/subscriptions { email }: the weekly newsletter signup. Paths, messages and the
 * e-mail rule come from the newsletter contract, the one definition the route also uses.
 */
import {
  isSubscribeLimitedMessage,
  NEWSLETTER_MESSAGES,
  NEWSLETTER_PATHS,
  type SubscribeBody,
} from '../../../../api/newsletter/contracts';
import { isApiError, request } from '../../../lib/http-client';

export function subscribe(body: SubscribeBody): Promise<unknown> {
  return request<unknown>('POST', NEWSLETTER_PATHS.subscribe, { body });
}

/** The message a failed subscription shows. */
export function subscriptionError(error: unknown): string {
  if (!isApiError(error)) return NEWSLETTER_MESSAGES.failed;
  if (error.status === 409) return NEWSLETTER_MESSAGES.duplicate;
  if (error.status === 400) return error.fields.email ?? NEWSLETTER_MESSAGES.invalid;
  // The limit's own words with the minutes ('Too many requests. Try again in N minutes.').
  if (error.status === 429 && isSubscribeLimitedMessage(error.message)) return error.message;
  return NEWSLETTER_MESSAGES.failed;
}
