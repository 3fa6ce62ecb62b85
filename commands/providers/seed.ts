/**
 * Demo content for a fresh install: five clearly fictional providers (names say so, every
 * description starts 'Demo listing:', websites are on the reserved .example domain), four
 * of them featured, each with offers, fees, exit terms and trust facts marked as demo data.
 * Listed through the command bus like any admin edit, by the system actor 'seed', so the audit
 * log shows where they came from and an admin can edit or remove them.
 */
import type { Actor } from '../../domain/shared/envelope';
import type { ProviderDetailsInput, ProviderPrices } from '../../domain/providers/provider';
import type {
  CheckedFact,
  FeesInput,
  OfferInput,
  TermsInput,
  TrustInput,
} from '../../domain/providers/offers';
import { STATE_CODES, type StateCode } from '../../domain/shared/reference/states';
import { DecisionError } from '../../domain/shared/decider';
import type { CommandBus } from '../bus';
import type { CommandInput } from '../command';
import type { providerCommands } from './commands';

type ProviderBus = CommandBus<CommandInput<typeof providerCommands>>;

export const SEED_ACTOR: Actor = { kind: 'system', id: 'seed' };

const ALL_STATES_BUT = (...excluded: StateCode[]): StateCode[] =>
  STATE_CODES.filter((code) => !excluded.includes(code));

/**
 * A demo provider's offers, fees, exit terms and trust facts (issue 25): complete and clearly
 * fictional (pharmacies say 'Demo', medical directors are 'Dr. Demo ...'). Every group is
 * checked from the provider's own (.example) page with no date and `demo: true`, so pages say
 * 'demo data' instead of a date, never the seeding day, and the recheck list leaves them out.
 */
interface DemoFacts {
  offers: OfferInput[];
  fees: FeesInput;
  terms: TermsInput;
  trust: TrustInput;
}

interface DemoProvider {
  details: ProviderDetailsInput;
  prices: ProviderPrices;
  facts: DemoFacts;
}

/** The check every demo fact carries: the provider's own page, no date, demo data. */
export function demoCheck(websiteUrl: string): CheckedFact {
  return { source: { url: websiteUrl, kind: 'provider-page' }, checkedOn: null, demo: true };
}

/** A per-dose price list from a table, in its order. */
const perDose = (table: Record<string, number>) =>
  Object.entries(table).map(([dose, monthly]) => ({ dose, monthly }));

const TELEHEALTH_SEMA = { '0.25mg': 199, '0.5mg': 229, '1mg': 279, '1.7mg': 329, '2.4mg': 379 };
const TELEHEALTH_TIRZ = {
  '2.5mg': 279,
  '5mg': 329,
  '7.5mg': 379,
  '10mg': 429,
  '12.5mg': 469,
  '15mg': 499,
};
const SAMPLE_SEMA = { '0.25mg': 249, '0.5mg': 249, '1mg': 299, '1.7mg': 349, '2.4mg': 399 };
const PLACEHOLDER_TIRZ = { '2.5mg': 299, '5mg': 349, '7.5mg': 399, '10mg': 449 };
const WEIGHT_CARE_SEMA = { '0.25mg': 179, '0.5mg': 219 };
const WEIGHT_CARE_TIRZ = { '2.5mg': 259 };
const METABOLIC_SEMA = { '0.5mg': 289, '1mg': 329 };

const TELEHEALTH = 'https://telehealth-co.example';
const SAMPLE = 'https://sample-wellness.example';
const PLACEHOLDER = 'https://placeholder-health.example';
const WEIGHT_CARE = 'https://weight-care.example';
const METABOLIC = 'https://metabolic-clinic.example';

const UNKNOWN = { kind: 'unknown' } as const;
const INCLUDED = { kind: 'included' } as const;
const usd = (amount: number) => ({ kind: 'amount', usd: amount }) as const;

export const DEMO_PROVIDERS: DemoProvider[] = [
  {
    details: {
      name: 'Example Telehealth Co.',
      description:
        'Demo listing: a fictional online clinic used to show how provider cards look. Not a real provider.',
      websiteUrl: TELEHEALTH,
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
    prices: { semaglutide: TELEHEALTH_SEMA, tirzepatide: TELEHEALTH_TIRZ },
    facts: {
      offers: [
        {
          id: 'semaglutide-vial',
          medication: 'semaglutide',
          form: 'compounded-vial',
          prices: perDose(TELEHEALTH_SEMA),
          concentrationMgPerMl: 2.5,
          plans: [{ months: 3, total: 597 }],
          checked: demoCheck(TELEHEALTH),
        },
        {
          id: 'tirzepatide-vial',
          medication: 'tirzepatide',
          form: 'compounded-vial',
          prices: perDose(TELEHEALTH_TIRZ),
          intro: { monthly: 229, months: 1 },
          plans: [{ months: 3, total: 837 }],
          concentrationMgPerMl: 10,
          checked: demoCheck(TELEHEALTH),
        },
      ],
      fees: {
        membership: { amount: INCLUDED, includesMedication: true },
        oneTime: [{ name: 'consult', amount: usd(0) }],
        shippingPerOrder: INCLUDED,
        checked: demoCheck(TELEHEALTH),
      },
      terms: {
        minimumTermMonths: 0,
        autoRenew: true,
        cancellationNoticeDays: 3,
        onlineCancellation: true,
        refundAfterShipping: false,
        pauseAllowed: true,
        checked: demoCheck(TELEHEALTH),
      },
      trust: {
        pharmacyName: 'Demo Compounding Pharmacy (fictional)',
        pharmacyType: '503A',
        medicalDirector: 'Dr. Demo Example',
        visitType: 'async-form',
        legitScript: { status: 'unknown' },
        hsaFsaReceipts: true,
        insuranceHelp: false,
        commission: true,
        checked: demoCheck(TELEHEALTH),
      },
    },
  },
  {
    details: {
      name: 'Sample Wellness Clinic',
      description:
        'Demo listing: sample data showing a semaglutide-only provider. Replace or remove it in the back office.',
      websiteUrl: SAMPLE,
      states: ['CA', 'NY', 'TX', 'FL', 'IL', 'PA', 'OH', 'GA', 'NC', 'MI', 'NJ', 'VA', 'WA', 'AZ'],
      medications: ['Semaglutide'],
      trustpilotScore: 4.3,
      googleScore: 4.4,
      featured: true,
      discountCode: 'SAMPLE20',
      card: { features: ['Weekly check-ins with a clinician (demo)', 'Supplies included'] },
    },
    prices: { semaglutide: SAMPLE_SEMA, tirzepatide: {} },
    facts: {
      offers: [
        {
          id: 'semaglutide-vial',
          medication: 'semaglutide',
          form: 'compounded-vial',
          prices: perDose(SAMPLE_SEMA),
          concentrationMgPerMl: 5,
          checked: demoCheck(SAMPLE),
        },
      ],
      fees: {
        membership: { amount: usd(49), includesMedication: false },
        // The unknown path: a labs fee the provider's page does not state.
        oneTime: [
          { name: 'consult', amount: usd(35) },
          { name: 'labs', amount: UNKNOWN },
        ],
        shippingPerOrder: usd(15),
        checked: demoCheck(SAMPLE),
      },
      terms: {
        minimumTermMonths: 3,
        autoRenew: true,
        cancellationNoticeDays: 30,
        onlineCancellation: false,
        refundAfterShipping: false,
        pauseAllowed: null,
        checked: demoCheck(SAMPLE),
      },
      trust: {
        pharmacyName: 'Demo Outsourcing Facility (fictional)',
        pharmacyType: '503B',
        medicalDirector: 'Dr. Demo Sample',
        visitType: 'live-video',
        legitScript: { status: 'unknown' },
        hsaFsaReceipts: null,
        insuranceHelp: null,
        commission: false,
        checked: demoCheck(SAMPLE),
      },
    },
  },
  {
    details: {
      name: 'Placeholder Health Partners',
      description:
        'Demo listing: placeholder provider with tirzepatide only, to show the single-medication label.',
      websiteUrl: PLACEHOLDER,
      states: ALL_STATES_BUT('AK', 'HI', 'ND', 'SD', 'WY', 'MT', 'VT', 'NH', 'ME', 'RI'),
      medications: ['Tirzepatide'],
      trustpilotScore: 4.1,
      googleScore: 3.9,
      featured: true,
      discountCode: '',
      card: { badgeText: 'Demo Pick', badgeColor: 'emerald' },
    },
    prices: { semaglutide: {}, tirzepatide: PLACEHOLDER_TIRZ },
    facts: {
      offers: [
        {
          id: 'tirzepatide-drops',
          medication: 'tirzepatide',
          form: 'compounded-other',
          prices: perDose(PLACEHOLDER_TIRZ),
          checked: demoCheck(PLACEHOLDER),
        },
        {
          // Brand self-pay on the same scale: fictional prices, above the compounded ones.
          id: 'tirzepatide-brand-pen',
          medication: 'tirzepatide',
          form: 'brand-pen',
          prices: perDose({ '2.5mg': 549, '5mg': 649 }),
          checked: demoCheck(PLACEHOLDER),
        },
      ],
      fees: {
        membership: { amount: usd(99), includesMedication: false },
        oneTime: [],
        shippingPerOrder: INCLUDED,
        checked: demoCheck(PLACEHOLDER),
      },
      terms: {
        minimumTermMonths: null,
        autoRenew: true,
        cancellationNoticeDays: null,
        onlineCancellation: null,
        refundAfterShipping: null,
        pauseAllowed: null,
        checked: demoCheck(PLACEHOLDER),
      },
      trust: {
        pharmacyName: 'Demo Pharmacy Partners (fictional)',
        pharmacyType: 'unknown',
        medicalDirector: 'Dr. Demo Placeholder',
        visitType: 'live-phone',
        legitScript: { status: 'unknown' },
        checked: demoCheck(PLACEHOLDER),
      },
    },
  },
  {
    details: {
      name: 'Demo Weight Care',
      description:
        'Demo listing: a fictional provider with partial price tables, to show how the Vial Score rewards transparency.',
      websiteUrl: WEIGHT_CARE,
      states: ['CA', 'OR', 'WA', 'NV', 'AZ', 'UT', 'CO', 'NM', 'ID'],
      medications: ['Semaglutide', 'Tirzepatide', 'Liraglutide'],
      trustpilotScore: 3.8,
      googleScore: 4.0,
      featured: true,
      discountCode: 'WEST10',
    },
    prices: { semaglutide: WEIGHT_CARE_SEMA, tirzepatide: WEIGHT_CARE_TIRZ },
    facts: {
      offers: [
        {
          id: 'semaglutide-vial',
          medication: 'semaglutide',
          form: 'compounded-vial',
          prices: perDose(WEIGHT_CARE_SEMA),
          concentrationMgPerMl: 2.5,
          checked: demoCheck(WEIGHT_CARE),
        },
        {
          id: 'tirzepatide-vial',
          medication: 'tirzepatide',
          form: 'compounded-vial',
          prices: perDose(WEIGHT_CARE_TIRZ),
          concentrationMgPerMl: 10,
          checked: demoCheck(WEIGHT_CARE),
        },
      ],
      fees: {
        membership: { amount: UNKNOWN, includesMedication: null },
        oneTime: [{ name: 'consult', amount: usd(25) }],
        shippingPerOrder: usd(10),
        checked: demoCheck(WEIGHT_CARE),
      },
      terms: {
        minimumTermMonths: 1,
        autoRenew: true,
        cancellationNoticeDays: 7,
        onlineCancellation: true,
        refundAfterShipping: false,
        pauseAllowed: false,
        checked: demoCheck(WEIGHT_CARE),
      },
      trust: {
        pharmacyName: 'Demo West Pharmacy (fictional)',
        pharmacyType: '503A',
        medicalDirector: 'Dr. Demo Westfield',
        visitType: 'async-form',
        legitScript: { status: 'unknown' },
        hsaFsaReceipts: true,
        checked: demoCheck(WEIGHT_CARE),
      },
    },
  },
  {
    details: {
      name: 'Fictional Metabolic Clinic',
      description:
        'Demo listing: not featured, so it appears in the back office but not on the home page.',
      websiteUrl: METABOLIC,
      states: ['NY', 'NJ', 'CT', 'MA'],
      medications: ['Semaglutide', 'Dulaglutide'],
      trustpilotScore: 3.5,
      googleScore: 3.7,
      featured: false,
      discountCode: '',
    },
    prices: { semaglutide: METABOLIC_SEMA, tirzepatide: {} },
    facts: {
      offers: [
        {
          id: 'semaglutide-vial',
          medication: 'semaglutide',
          form: 'compounded-vial',
          prices: perDose(METABOLIC_SEMA),
          concentrationMgPerMl: 5,
          checked: demoCheck(METABOLIC),
        },
      ],
      fees: {
        membership: { amount: usd(79), includesMedication: false },
        oneTime: [
          { name: 'consult', amount: INCLUDED },
          { name: 'labs', amount: usd(95) },
        ],
        shippingPerOrder: INCLUDED,
        checked: demoCheck(METABOLIC),
      },
      terms: {
        minimumTermMonths: 6,
        autoRenew: false,
        cancellationNoticeDays: 14,
        onlineCancellation: false,
        refundAfterShipping: false,
        pauseAllowed: true,
        checked: demoCheck(METABOLIC),
      },
      trust: {
        pharmacyName: 'Demo Metro Pharmacy (fictional)',
        pharmacyType: '503B',
        medicalDirector: 'Dr. Demo Metabolic',
        visitType: 'live-video',
        legitScript: { status: 'unknown' },
        insuranceHelp: true,
        checked: demoCheck(METABOLIC),
      },
    },
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
  for (const [index, { details, prices, facts }] of DEMO_PROVIDERS.entries()) {
    const providerId = demoProviderId(index);
    const context = { actor: SEED_ACTOR, correlationId };
    try {
      await bus.dispatch({ type: 'ListProvider', providerId, details, prices }, context);
      listed++;
    } catch (error) {
      if (!(error instanceof DecisionError && error.code === 'provider_already_listed'))
        throw error;
      continue; // Another process listed it, and gives it its facts.
    }
    // Its offers, fees, terms and trust facts, each group by its own command as an
    // administrator's edit would be (the offers' per-dose prices are the tables above).
    await bus.dispatch({ type: 'ChangeProviderOffers', providerId, offers: facts.offers }, context);
    await bus.dispatch({ type: 'ChangeProviderFees', providerId, fees: facts.fees }, context);
    await bus.dispatch({ type: 'ChangeProviderTerms', providerId, terms: facts.terms }, context);
    await bus.dispatch(
      { type: 'ChangeProviderTrustFacts', providerId, trust: facts.trust },
      context,
    );
  }
  return listed;
}

/** 'demo-provider-1' ... : the same in every process. */
export function demoProviderId(index: number): string {
  return `demo-provider-${index + 1}`;
}
