/**
 * The one place a 'Get Started' link's address is made (cards, provider page, compare page):
 * today the provider's affiliate link (domain/providers/affiliate-link.ts) with the visitor's
 * query parameters; switching every call to action to /go/{slug} is a change here only.
 */
import { outboundUrl } from '../../../domain/providers/affiliate-link';

export interface GetStartedTarget {
  name: string;
  websiteUrl: string;
  affiliateTag: string;
}

export function getStartedHref(
  provider: GetStartedTarget,
  visitorQuery: string | URLSearchParams | null | undefined,
): string {
  return outboundUrl(provider.websiteUrl, provider.affiliateTag, visitorQuery);
}
