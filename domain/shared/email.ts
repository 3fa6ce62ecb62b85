/** E-mail addresses as the product keys them: one rule for subscribers, administrators, submitters. */

/** The spec's "simple x@y.z pattern": something, @, something, a dot, something; no spaces. */
const SIMPLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isSimpleEmail(value: string): boolean {
  return SIMPLE_EMAIL.test(value) && value.length <= 254;
}

/** The form an address is stored and keyed in: trimmed and lowercase. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}
