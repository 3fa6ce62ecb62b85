/**
 * The visitor's campaign parameters that may travel on to a provider: utm_* and the ad
 * networks' click ids from the campaign that brought them, nothing else (the site's own
 * parameters, such as a sort order or a calculator's values, never leave for a provider). Used
 * by the affiliate link (domain/providers) and the /go links (domain/clicks); no zod, so the
 * browser may import it.
 */

/** The only visitor parameters passed on (anything else in the visitor's query is dropped). */
export const ALLOWED_VISITOR_PARAMS: readonly string[] = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'utm_id',
  'gclid',
  'fbclid',
  'msclkid',
];
/** Longest visitor value passed on; a longer one is dropped, never cut. */
export const MAX_VISITOR_VALUE_LENGTH = 200;

/** Whether the provider receives this visitor parameter. */
export function isAllowedVisitorParam(key: string, value: string): boolean {
  return ALLOWED_VISITOR_PARAMS.includes(key) && value.length <= MAX_VISITOR_VALUE_LENGTH;
}

/** The allowed parameters of a visitor's query, first value of each, in their order. */
export function allowedVisitorParams(
  visitorQuery: string | URLSearchParams | null | undefined,
): URLSearchParams {
  const allowed = new URLSearchParams();
  for (const [key, value] of paramsOf(visitorQuery)) {
    if (isAllowedVisitorParam(key, value) && !allowed.has(key)) allowed.append(key, value);
  }
  return allowed;
}

export function paramsOf(value: string | URLSearchParams | null | undefined): URLSearchParams {
  if (value instanceof URLSearchParams) return value;
  const text = (value ?? '').trim();
  try {
    return new URLSearchParams(text.startsWith('?') ? text.slice(1) : text);
  } catch {
    return new URLSearchParams();
  }
}
