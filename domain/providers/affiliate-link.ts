/**
 * Outbound provider links. The visitor's campaign parameters (utm_* and the ad networks' click
 * ids from the campaign that brought them, nothing else: the site's own parameters such as a
 * sort order or a calculator's values never leave for a provider) travel on to the provider,
 * and the provider's affiliate tag is added so the referral is credited. Precedence on a clash: affiliate tag > the provider's website URL's
 * own parameters > the visitor's (the provider-configured link must not be overwritten by
 * whatever a visitor puts in the address bar). A bad URL never throws: a URL that does not
 * parse is returned unchanged, so a typo in the back office cannot break a public page; a URL
 * that parses with another scheme than http(s) (javascript:, data:, mailto:) becomes '#', so
 * it can never run script from an href. An affiliate tag without '=' ("vialcompare") is sent
 * as ref=vialcompare.
 */

/**
 * Marked as a paid link, and no opener (the provider page cannot reach window.opener). The
 * links go to /go/{slug} on this site, whose Referrer-Policy sends the provider our origin only.
 */
export const OUTBOUND_LINK_REL = 'sponsored noopener';
export const OUTBOUND_LINK_TARGET = '_blank';

/** What a link with an unsafe scheme becomes. */
export const UNSAFE_LINK = '#';

/** Parameter name for a bare affiliate tag value. */
export const DEFAULT_AFFILIATE_PARAM = 'ref';

// The campaign parameters a visitor's link may carry on (shared with /go links: domain/clicks).
export {
  ALLOWED_VISITOR_PARAMS,
  MAX_VISITOR_VALUE_LENGTH,
  allowedVisitorParams,
  isAllowedVisitorParam,
} from '../shared/campaign-params';
import { allowedVisitorParams, paramsOf } from '../shared/campaign-params';

function tagParams(tag: string | null | undefined): URLSearchParams {
  const text = (tag ?? '').trim().replace(/^\?/, '');
  if (text !== '' && !text.includes('='))
    return new URLSearchParams({ [DEFAULT_AFFILIATE_PARAM]: text });
  return paramsOf(text);
}

export function outboundUrl(
  websiteUrl: string,
  affiliateTag: string | null | undefined,
  visitorQuery: string | URLSearchParams | null | undefined,
): string {
  let url: URL;
  try {
    url = new URL(websiteUrl);
  } catch {
    return websiteUrl;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return UNSAFE_LINK;

  const own = new Set(url.searchParams.keys());
  for (const [key, value] of allowedVisitorParams(visitorQuery)) {
    if (!own.has(key)) url.searchParams.append(key, value);
  }
  const tag = tagParams(affiliateTag);
  for (const key of new Set(tag.keys())) url.searchParams.delete(key);
  for (const [key, value] of tag) url.searchParams.append(key, value);
  return url.toString();
}
