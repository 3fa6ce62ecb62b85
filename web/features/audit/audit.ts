/** Display rules for the audit log. */
import type { AuditEntryView } from '../../../api/contracts/back-office';
import { formatUsd } from '../../lib/format';

/** One before -> after of an entry. */
export type AuditChangeView = NonNullable<AuditEntryView['changes']>[number];

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
  'prices.semaglutide': 'Semaglutide prices',
  'prices.tirzepatide': 'Tirzepatide prices',
  vialScore: 'Vial Score',
};

/** 'websiteUrl' -> 'Website URL'; an unknown 'card.logoUrl' -> 'Card logo url'. */
export function humanFieldName(field: string): string {
  const known = FIELD_LABELS[field];
  if (known) return known;
  return humanEventType(field.replace(/\.(\w)/g, (_m, c: string) => c.toUpperCase()));
}

/** How a change names what changed: a line of a group of facts comes named in words. */
export function changeLabel(change: Pick<AuditChangeView, 'field' | 'kind'>): string {
  return change.kind === 'words' ? change.field : humanFieldName(change.field);
}

/** A value before or after a change, as one line of text ('—' when empty, lists joined). */
export function formatChangeValue(value: unknown): string {
  if (value === undefined) return 'unknown';
  if (value === null || value === '') return '—';
  if (Array.isArray(value)) return value.length === 0 ? '—' : value.join(', ');
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    return entries.length === 0 ? '—' : entries.map(([k, v]) => `${k} ${String(v)}`).join(', ');
  }
  return String(value);
}

/**
 * A change's value before or after, formatted by the kind the log gives it (not by guessing
 * from the text): 'usd' -> '$199', 'usdPerDose' -> '0.25mg $199, 0.5mg $249', 'words' as given.
 */
export function formatAuditChange(change: AuditChangeView, side: 'before' | 'after'): string {
  if (!(side in change)) return 'unknown';
  const value = change[side];
  if (change.kind === 'words' && typeof value === 'string') return value;
  if (change.kind === 'usd' && typeof value === 'number') return formatUsd(value);
  if (change.kind === 'usdPerDose' && value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0) return 'no prices';
    return entries
      .map(
        ([dose, price]) =>
          `${dose} ${typeof price === 'number' ? formatUsd(price) : String(price)}`,
      )
      .join(', ');
  }
  return formatChangeValue(value);
}

/** 'YYYY-MM-DD' in the administrator's zone -> the ISO instant that day starts (null: not a date). */
export function dayStart(day: string | undefined, plusDays = 0): string | undefined {
  if (!day || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const date = new Date(y, m - 1, d + plusDays);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}
