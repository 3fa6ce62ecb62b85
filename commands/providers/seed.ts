/**
 * Demo content for a fresh install: five clearly fictional providers (names say so, every
 * description starts 'Demo listing:', websites are on the reserved .example domain), four
 * of them featured. Listed through the command bus like any admin edit, by the system actor
 * 'seed', so the audit log shows where they came from and an admin can edit or remove them.
 */
import type { Actor } from '../../domain/shared/envelope';
import type { ProviderDetailsInput, ProviderPrices } from '../../domain/providers/provider';
import { STATE_CODES, type StateCode } from '../../domain/shared/reference/states';
import { DecisionError } from '../../domain/shared/decider';
import type { CommandBus } from '../bus';
import type { CommandInput } from '../command';
import type { providerCommands } from './commands';

type ProviderBus = CommandBus<CommandInput<typeof providerCommands>>;

export const SEED_ACTOR: Actor = { kind: 'system', id: 'seed' };

const ALL_STATES_BUT = (...excluded: StateCode[]): StateCode[] =>
  STATE_CODES.filter((code) => !excluded.includes(code));

interface DemoProvider {
  details: ProviderDetailsInput;
  prices: ProviderPrices;
}

export const DEMO_PROVIDERS: DemoProvider[] = [
  {
    details: {
      name: 'Example Telehealth Co.',
      description:
        'Demo listing: a fictional online clinic used to show how provider cards look. Not a real provider.',
      websiteUrl: 'https://telehealth-co.example',
      states: ALL_STATES_BUT('AK', 'HI', 'LA'),
      medications: ['Semaglutide', 'Tirzepatide'],
      trustpilotScore: 4.6,
      googleScore: 4.5,
      featured: true,
      discountCode: 'DEMO50',
      card: {
        features: [
          'Free online assessment (demo)',
          'Compounded semaglutide and tirzepatide',
          'Ships in 2 business days',
          'Cancel any time',
        ],
        offerTitle: 'Demo offer: $50 off your first month with DEMO50',
        ratingLabel: 'Excellent',
        votesCount: 24210,
      },
    },
    prices: {
      semaglutide: { '0.25mg': 199, '0.5mg': 229, '1mg': 279, '1.7mg': 329, '2.4mg': 379 },
      tirzepatide: {
        '2.5mg': 279,
        '5mg': 329,
        '7.5mg': 379,
        '10mg': 429,
        '12.5mg': 469,
        '15mg': 499,
      },
    },
  },
  {
    details: {
      name: 'Sample Wellness Clinic',
      description:
        'Demo listing: sample data showing a semaglutide-only provider. Replace or remove it in the back office.',
      websiteUrl: 'https://sample-wellness.example',
      states: ['CA', 'NY', 'TX', 'FL', 'IL', 'PA', 'OH', 'GA', 'NC', 'MI', 'NJ', 'VA', 'WA', 'AZ'],
      medications: ['Semaglutide'],
      trustpilotScore: 4.3,
      googleScore: 4.4,
      featured: true,
      discountCode: 'SAMPLE20',
      card: { features: ['Weekly check-ins with a clinician (demo)', 'Supplies included'] },
    },
    prices: {
      semaglutide: { '0.25mg': 249, '0.5mg': 249, '1mg': 299, '1.7mg': 349, '2.4mg': 399 },
      tirzepatide: {},
    },
  },
  {
    details: {
      name: 'Placeholder Health Partners',
      description:
        'Demo listing: placeholder provider with tirzepatide only, to show the single-medication label.',
      websiteUrl: 'https://placeholder-health.example',
      states: ALL_STATES_BUT('AK', 'HI', 'ND', 'SD', 'WY', 'MT', 'VT', 'NH', 'ME', 'RI'),
      medications: ['Tirzepatide'],
      trustpilotScore: 4.1,
      googleScore: 3.9,
      featured: true,
      discountCode: '',
      card: { badgeText: 'Demo Pick', badgeColor: 'emerald' },
    },
    prices: {
      semaglutide: {},
      tirzepatide: { '2.5mg': 299, '5mg': 349, '7.5mg': 399, '10mg': 449 },
    },
  },
  {
    details: {
      name: 'Demo Weight Care',
      description:
        'Demo listing: a fictional provider with partial price tables, to show how the Vial Score rewards transparency.',
      websiteUrl: 'https://weight-care.example',
      states: ['CA', 'OR', 'WA', 'NV', 'AZ', 'UT', 'CO', 'NM', 'ID'],
      medications: ['Semaglutide', 'Tirzepatide', 'Liraglutide'],
      trustpilotScore: 3.8,
      googleScore: 4.0,
      featured: true,
      discountCode: 'WEST10',
    },
    prices: {
      semaglutide: { '0.25mg': 179, '0.5mg': 219 },
      tirzepatide: { '2.5mg': 259 },
    },
  },
  {
    details: {
      name: 'Fictional Metabolic Clinic',
      description:
        'Demo listing: not featured, so it appears in the back office but not on the home page.',
      websiteUrl: 'https://metabolic-clinic.example',
      states: ['NY', 'NJ', 'CT', 'MA'],
      medications: ['Semaglutide', 'Dulaglutide'],
      trustpilotScore: 3.5,
      googleScore: 3.7,
      featured: false,
      discountCode: '',
    },
    prices: { semaglutide: { '0.5mg': 289, '1mg': 329 }, tirzepatide: {} },
  },
];

/** Whether any provider was ever listed: scans the history until the first provider event. */
async function anyProviderListed(bus: ProviderBus): Promise<boolean> {
  let after = 0n;
  for (;;) {
    const page = await bus.eventStore.readAll({ after, limit: 500 });
    if (page.some((e) => e.type === 'ProviderListed')) return true;
    const last = page.at(-1);
    if (!last || page.length < 500) return false;
    after = last.position;
  }
}

/**
 * Lists the demo providers unless a provider was ever listed (even one since removed:
 * an operator who cleared the demo data does not want it back). Returns how many it listed.
 */
export async function seedDemoContent(bus: ProviderBus): Promise<number> {
  if (await anyProviderListed(bus)) return 0;
  const correlationId = `seed-${Date.now()}`;
  let listed = 0;
  // Deterministic ids, each stream appended at 'no stream': several processes starting at once
  // on an empty store list each demo provider once between them (no check-then-write race).
  for (const [index, { details, prices }] of DEMO_PROVIDERS.entries()) {
    try {
      await bus.dispatch(
        { type: 'ListProvider', providerId: demoProviderId(index), details, prices },
        { actor: SEED_ACTOR, correlationId },
      );
      listed++;
    } catch (error) {
      if (!(error instanceof DecisionError && error.code === 'provider_already_listed'))
        throw error;
    }
  }
  return listed;
}

/** 'demo-provider-1' ... : the same in every process. */
export function demoProviderId(index: number): string {
  return `demo-provider-${index + 1}`;
}
