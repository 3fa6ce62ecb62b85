/**
 * The address of a provider's outbound link (no dependencies beyond the affiliate rule: the
 * browser imports this file, not rules.ts and its bot list).
 */
import { allowedVisitorParams } from '../shared/campaign-params';

export const GO_PATH_PREFIX = '/go/';

/**
 * The outbound link of a provider card: /go/{slug} with the visitor's allowed campaign
 * parameters (the allowlist the affiliate-link rule applies again when /go redirects).
 */
export function goPath(slug: string, visitorQuery?: string | URLSearchParams | null): string {
  const query = allowedVisitorParams(visitorQuery).toString();
  return `${GO_PATH_PREFIX}${encodeURIComponent(slug)}${query ? `?${query}` : ''}`;
}
