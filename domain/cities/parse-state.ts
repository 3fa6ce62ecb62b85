import { isStateCode, type StateCode } from '../shared/reference/states';

/** The state of a path or query parameter ('oh', 'OH', ' Oh '); undefined for anything else. */
export function parseStateCode(value: unknown): StateCode | undefined {
  if (typeof value !== 'string') return undefined;
  const upper = value.trim().toUpperCase();
  return isStateCode(upper) ? upper : undefined;
}
