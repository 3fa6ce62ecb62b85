/** E-mail addresses as the product keys them: one rule for subscribers, administrators, submitters. */

/** The spec's "simple x@y.z pattern": something, @, something, a dot, something; no spaces. */
const SIMPLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Characters no address may hold: control (NUL, ESC, DEL...), format (U+200B zero width space,
 * U+202E right-to-left override, U+FEFF...), private use, unassigned, line and paragraph
 * separators. `\s` in SIMPLE_EMAIL does not cover them, and they hide in logs and mail clients.
 */
const INVISIBLE_OR_CONTROL = /[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Zl}\p{Zp}]/u;

export function isSimpleEmail(value: string): boolean {
  return SIMPLE_EMAIL.test(value) && value.length <= 254 && !INVISIBLE_OR_CONTROL.test(value);
}

/** The form an address is stored and keyed in: trimmed and lowercase. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}
