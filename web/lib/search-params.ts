/**
 * Readers for the back-office list URLs' query parameters, without zod: a route's
 * validateSearch sits in the route tree every page loads, so it must stay small. Each returns
 * undefined for a value it cannot read (dropped, not an error page); the API validates the
 * request again with its zod contract.
 */
export function textParam(value: unknown, max: number): string | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const text = String(value).trim();
  return text === '' || text.length > max ? undefined : text;
}

export function oneOfParam<T extends string>(value: unknown, allowed: readonly T[]): T | undefined {
  return typeof value === 'string' && (allowed as readonly string[]).includes(value)
    ? (value as T) // checked against the allowed values just above
    : undefined;
}

export function numberParam(value: unknown, min: number, max: number): number | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  if (typeof value === 'string' && value.trim() === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) && n >= min && n <= max ? n : undefined;
}

export function wholeParam(value: unknown, min: number, max: number): number | undefined {
  const n = numberParam(value, min, max);
  return n !== undefined && Number.isInteger(n) ? n : undefined;
}

/** The object of the defined entries only (exactOptional-friendly). */
export function definedOnly<T extends Record<string, unknown>>(values: T): Partial<T> {
  const out: Partial<T> = {};
  for (const key of Object.keys(values) as Array<keyof T>) {
    if (values[key] !== undefined) out[key] = values[key];
  }
  return out;
}
