/**
 * Calculator inputs arrive from form fields (strings) or from code (numbers). readNumber
 * accepts both and says "not a number" with null, so each rule can give its own message.
 */
export function readNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value.trim());
    return Number.isFinite(n) ? n : null;
  }
  return null;
}
