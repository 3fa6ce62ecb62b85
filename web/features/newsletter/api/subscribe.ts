/**
 * POST /api/subscriptions { email }: the weekly newsletter signup. Paths, messages and the
 * e-mail rule come from the newsletter contract, the one definition the route also uses.
 */
import {
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
  return NEWSLETTER_MESSAGES.failed;
}
