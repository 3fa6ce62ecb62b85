/** Display rules for the audit log. */

const two = (n: number) => String(n).padStart(2, '0');
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * 'MMM dd, yyyy HH:mm' (the back office's date-time form, spec section 9), in the given time
 * zone (the browser's own when omitted). Returns the input unchanged when it is not a date.
 */
export function formatAuditTime(iso: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((p) => p.type === type)?.value ?? 0);
  return `${MONTHS[part('month') - 1]} ${two(part('day'))}, ${part('year')} ${two(part('hour'))}:${two(part('minute'))}`;
}

/** Who did it: the admin's e-mail, else the kind ('system' for the monthly recomputation). */
export function auditActor(actor: { kind: string; id: string; email?: string }): string {
  if (actor.email) return actor.email;
  if (actor.kind === 'system') return 'System';
  if (actor.kind === 'visitor') return 'Visitor';
  return actor.id;
}

/** 'ProviderDetailsChanged' -> 'Provider details changed'; 'VialScoreRecomputed' -> 'Vial Score recomputed'. */
export function humanEventType(eventType: string): string {
  const words = eventType.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  // The product's own name keeps its capitals.
  return (words.charAt(0).toUpperCase() + words.slice(1)).replace(/vial score/i, 'Vial Score');
}

/** The provider form's labels, so the log names a field the way the form does. */
const FIELD_LABELS: Record<string, string> = {
  name: 'Name',
  websiteUrl: 'Website URL',
  description: 'Description',
  trustpilotScore: 'Trustpilot score',
  googleScore: 'Google score',
  states: 'States',
  medications: 'Medications',
  featured: 'Featured',
  discountCode: 'Discount code',
  affiliateTag: 'Affiliate tag',
  card: 'Card content',
  prices: 'Prices',
  vialScore: 'Vial Score',
};

/** 'websiteUrl' -> 'Website URL'; an unknown 'card.logoUrl' -> 'Card logo url'. */
export function humanFieldName(field: string): string {
  const known = FIELD_LABELS[field];
  if (known) return known;
  return humanEventType(field.replace(/\.(\w)/g, (_m, c: string) => c.toUpperCase()));
}
