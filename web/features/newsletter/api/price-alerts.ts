/**
 * POST /api/newsletter/price-alerts { email, alert }: a visitor asks for a price alert; and
 * GET /api/newsletter/price-alerts/availability: whether the form is offered (no SMTP, no
 * form). The medication chosen is sent in this request only: never logged, never in analytics.
 */
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../../../api/contracts/http';
import {
  isSubscribeLimitedMessage,
  PRICE_ALERT_MESSAGES,
  PRICE_ALERT_PATHS,
  type PriceAlertAvailability,
  type PriceAlertField,
  type PriceAlertRequestAnswer,
  type PriceAlertRequestBody,
} from '../../../../api/newsletter/contracts';
import { isApiError, request } from '../../../lib/http-client';

export function requestPriceAlert(body: PriceAlertRequestBody): Promise<PriceAlertRequestAnswer> {
  return request<PriceAlertRequestAnswer>('POST', PRICE_ALERT_PATHS.request, { body });
}

export const priceAlertAvailabilityQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: ['newsletter', 'price-alerts', 'availability'] as const,
    queryFn: async (): Promise<PriceAlertAvailability> => {
      try {
        return await api.get<PriceAlertAvailability>(PRICE_ALERT_PATHS.availability);
      } catch {
        return { alertsAvailable: false }; // not offered rather than a broken page
      }
    },
  });

export interface PriceAlertFailure {
  message: string;
  fields: Partial<Record<PriceAlertField, string>>;
}

/** What a failed request shows: the field messages beside their fields, else one sentence. */
export function priceAlertFailure(error: unknown): PriceAlertFailure {
  if (!isApiError(error)) return { message: PRICE_ALERT_MESSAGES.failed, fields: {} };
  if (error.status === 400) return { message: error.message, fields: error.fields };
  if (error.status === 503) return { message: PRICE_ALERT_MESSAGES.unavailable, fields: {} };
  if (error.status === 409) return { message: error.message, fields: {} };
  if (error.status === 429 && isSubscribeLimitedMessage(error.message)) {
    return { message: error.message, fields: {} };
  }
  return { message: PRICE_ALERT_MESSAGES.failed, fields: {} };
}
