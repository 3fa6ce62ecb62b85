/**
 * A provider as fields (commands/field-changes.ts): its details (card content field by field,
 * 'card.title'), 'featured', and its two price tables ('prices.semaglutide'). What a revert
 * sets back and what a stale save merges by. The cost-and-trust groups and the Vial Score are
 * not reverted here (they are edited as groups, and the score is computed).
 */
import { z } from 'zod';
import { providerDecider, type ProviderState } from '../../domain/providers/decider';
import { providerEventSchemas, type ProviderEvent } from '../../domain/providers/events';
import type { ProviderDetails, ProviderPrices } from '../../domain/providers/provider';
import { writeModel } from '../command';
import type { RecordedEvent } from '../event-store/port';
import { planRevert, type FieldModel, type RevertPlan } from '../field-changes';
import { id } from '../schema-parts';

const MEDICATIONS = ['semaglutide', 'tirzepatide'] as const;

/** The provider form's labels, so refusals and conflicts name a field the way the form does. */
export const PROVIDER_FIELD_LABELS: Readonly<Record<string, string>> = {
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
  'prices.semaglutide': 'Semaglutide price list',
  'prices.tirzepatide': 'Tirzepatide price list',
  vialScore: 'Vial Score',
  offers: 'Offers',
  fees: 'Fees',
  terms: 'Exit terms',
  trust: 'Care and trust facts',
};

/** 'card.logoUrl' -> 'Card: logo url'; a known field -> its form label. */
export function providerFieldLabel(field: string): string {
  const known = PROVIDER_FIELD_LABELS[field];
  if (known) return known;
  if (field.startsWith('card.')) {
    const words = field
      .slice('card.'.length)
      .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
      .toLowerCase();
    return `Card: ${words}`;
  }
  return field;
}

const GROUPS = new Set(['offers', 'fees', 'terms', 'trust']);

const listed = (state: ProviderState) => (state.status === 'listed' ? state : null);

export function providerFieldValue(state: ProviderState, field: string): unknown {
  const provider = listed(state);
  if (!provider) return undefined;
  if (field.startsWith('prices.')) {
    const medication = field.slice('prices.'.length) as keyof ProviderPrices;
    return MEDICATIONS.includes(medication) ? provider.prices[medication] : undefined;
  }
  if (field.startsWith('card.')) {
    const card = provider.details.card as Record<string, unknown> | undefined;
    return card ? card[field.slice('card.'.length)] : undefined;
  }
  if (GROUPS.has(field)) return provider.facts[field as keyof typeof provider.facts];
  return Object.hasOwn(provider.details, field)
    ? (provider.details as Record<string, unknown>)[field]
    : undefined;
}

function providerFieldNames(state: ProviderState): string[] {
  const provider = listed(state);
  if (!provider) return [];
  const details = Object.keys(provider.details).filter((key) => key !== 'card');
  const card = Object.keys(provider.details.card ?? {}).map((key) => `card.${key}`);
  return [...details, ...card, ...MEDICATIONS.map((m) => `prices.${m}`), ...GROUPS];
}

export const providerFields: FieldModel<ProviderEvent, ProviderState> = {
  model: writeModel(providerDecider, providerEventSchemas),
  subject: 'provider',
  codePrefix: 'provider',
  fields: providerFieldNames,
  value: providerFieldValue,
  label: providerFieldLabel,
  live: (state) => state.status === 'listed',
  eventFields(event: RecordedEvent) {
    const data = event.data as { changedFields?: string[]; fields?: string[] };
    switch (event.type) {
      case 'ProviderDetailsChanged':
        return data.changedFields ?? null;
      case 'ProviderPricesChanged':
        return data.fields ?? null;
      case 'ProviderFeatured':
      case 'ProviderUnfeatured':
        return ['featured'];
      default:
        return null;
    }
  },
  notRevertible(field) {
    if (field === 'vialScore') {
      return 'The Vial Score is computed from the provider: use Recompute instead of reverting it.';
    }
    if (GROUPS.has(field)) {
      return `The ${providerFieldLabel(field).toLowerCase()} are saved as a whole: edit them on the provider to change them back.`;
    }
    return null;
  },
};

export const revertProviderChangeCommand = z.object({
  type: z.literal('RevertProviderChange'),
  providerId: id,
  /** The audit entry's position: the event whose change is taken back. */
  position: z
    .string({ error: 'position must be the change’s position' })
    .regex(/^\d+$/, 'position must be the change’s position (a whole number)'),
  /** The field to set back ('websiteUrl', 'card.title', 'featured', 'prices.semaglutide'). */
  field: z
    .string({ error: 'field must name the field to revert' })
    .trim()
    .min(1, 'field must name the field to revert')
    .max(100, 'field must be at most 100 characters'),
});

/** The ordinary command a revert amounts to. */
export type ProviderRevertChange =
  | { kind: 'details'; details: ProviderDetails }
  | { kind: 'featured'; featured: boolean }
  | { kind: 'prices'; prices: ProviderPrices };

/** What reverting `field` of the change at `position` asks of the provider now. */
export function planProviderRevert(
  history: readonly RecordedEvent[],
  position: string,
  field: string,
): { change: ProviderRevertChange; plan: RevertPlan<ProviderState> } {
  const plan = planRevert(providerFields, history, position, field);
  const provider = listed(plan.current);
  if (!provider) throw new Error('planRevert refuses a provider that is not listed');
  if (field === 'featured')
    return { change: { kind: 'featured', featured: plan.before === true }, plan };
  if (field.startsWith('prices.')) {
    const medication = field.slice('prices.'.length);
    return {
      change: {
        kind: 'prices',
        prices: { ...provider.prices, [medication]: plan.before } as ProviderPrices,
      },
      plan,
    };
  }
  if (field.startsWith('card.')) {
    const card = { ...provider.details.card, [field.slice('card.'.length)]: plan.before };
    return {
      change: { kind: 'details', details: { ...provider.details, card } as ProviderDetails },
      plan,
    };
  }
  return {
    change: { kind: 'details', details: { ...provider.details, [field]: plan.before } },
    plan,
  };
}

/** The details a stale save merges by: every form field plus each card field. */
export function detailFieldsOf(details: ProviderDetails): string[] {
  return [
    ...Object.keys(details).filter((key) => key !== 'card' && key !== 'featured'),
    ...Object.keys(details.card ?? {}).map((key) => `card.${key}`),
    'featured',
  ];
}

/** `details` with the given fields taken from `mine` (the rest as `onto` holds them). */
export function applyDetailFields(
  onto: ProviderDetails,
  mine: ProviderDetails,
  fields: readonly string[],
): ProviderDetails {
  const merged: Record<string, unknown> = { ...onto };
  let card: Record<string, unknown> | undefined = onto.card ? { ...onto.card } : undefined;
  for (const field of fields) {
    if (field.startsWith('card.')) {
      const key = field.slice('card.'.length);
      card = { ...card, [key]: (mine.card as Record<string, unknown> | undefined)?.[key] };
    } else {
      merged[field] = (mine as Record<string, unknown>)[field];
    }
  }
  if (card) merged.card = card;
  return merged as ProviderDetails; // the fields of `onto`, each replaced by one of `mine`
}

/** The value a details save gives a field ('card.title' reads inside the card). */
export function detailValue(details: ProviderDetails, field: string): unknown {
  if (field.startsWith('card.')) {
    return (details.card as Record<string, unknown> | undefined)?.[field.slice('card.'.length)];
  }
  return (details as Record<string, unknown>)[field];
}
