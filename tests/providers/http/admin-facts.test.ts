/**
 * The administrator's cost-and-trust routes over HTTP (issue 25), on the app started for real:
 * each group (offers, fees, exit terms, trust facts) is replaced by its own PUT with the
 * revision the editor opened; 'Checked today' moves a group's check; bad input answers 400
 * naming the field; a stale revision answers 409; nothing is written without a session and its
 * CSRF token; the 'needs recheck' list reads oldest first; and once a provider's offers are
 * entered, its old price tables can no longer be changed on their own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_AUTH_REQUIRED_MESSAGE } from '../../../api/auth/sessions';
import { CSRF_MESSAGE } from '../../../api/http/origin-csrf';
import { INVALID_REQUEST_MESSAGE } from '../../../api/http/validation';
import type { CommandResult } from '../../../api/contracts/http';
import {
  PROVIDER_PATHS,
  type AdminProviderView,
  type AdminRecheckItem,
} from '../../../api/providers/contracts';
import { PROVIDER_ERROR_MESSAGES } from '../../../domain/providers/decider';
import { isoDay } from '../../../domain/providers/facts';
import type {
  FeesInput,
  OfferInput,
  TermsInput,
  TrustInput,
} from '../../../domain/providers/offers';
import type { ProviderDetailsInput } from '../../../domain/providers/provider';
import {
  registerAdmin,
  request,
  signIn,
  startTestServer,
  type AdminSession,
  type TestServer,
} from '../../support/http-server';

const EMAIL = 'facts@example.com';
const PASSWORD = 'a long test password 1';
const DAY_MS = 24 * 60 * 60 * 1000;
/** The calendar day `days` ago (UTC), as the checked date is entered. */
const daysAgo = (days: number) => isoDay(new Date(Date.now() - days * DAY_MS));

const details = (name: string): ProviderDetailsInput => ({
  name,
  websiteUrl: `https://${name.toLowerCase().replace(/\W+/g, '-')}.example`,
  states: ['OH'],
  medications: ['Tirzepatide'],
});

const source = { url: 'https://acme-facts.example/pricing', kind: 'provider-page' } as const;

const offers: OfferInput[] = [
  {
    id: 'tirzepatide-vial',
    medication: 'tirzepatide',
    form: 'compounded-vial',
    prices: [
      { dose: '2.5 mg', monthly: 199 },
      { dose: '5 mg', monthly: 249 },
    ],
    intro: { monthly: 149, months: 1 },
    plans: [{ months: 3, total: 549 }],
    concentrationMgPerMl: 10,
    checked: { source, checkedOn: daysAgo(2) },
  },
];
const fees: FeesInput = {
  membership: { amount: { kind: 'amount', usd: 49 }, includesMedication: false },
  oneTime: [{ name: 'labs', amount: { kind: 'unknown' } }],
  shippingPerOrder: { kind: 'included' },
  checked: { source, checkedOn: daysAgo(2) },
};
const terms: TermsInput = {
  minimumTermMonths: 3,
  autoRenew: true,
  cancellationNoticeDays: 7,
  onlineCancellation: null,
  refundAfterShipping: false,
  pauseAllowed: null,
  checked: { source, checkedOn: daysAgo(2) },
};
const trust: TrustInput = {
  pharmacyName: 'Acme Compounding',
  pharmacyType: '503A',
  medicalDirector: 'Dr. Ada Example',
  visitType: 'async-form',
  legitScript: { status: 'unknown' },
  commission: true,
  checked: { source, checkedOn: daysAgo(2) },
};

describe('Given a signed-in administrator and a provider listed with price tables', () => {
  let server: TestServer;
  let base: string;
  let session: AdminSession;
  let providerId: string;

  const create = async (name: string) => {
    const response = await request(base, PROVIDER_PATHS.admin, {
      session,
      json: { ...details(name), prices: { tirzepatide: { '2.5mg': 219 } } },
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as CommandResult).id;
  };
  const adminProvider = async (id: string) => {
    const response = await request(base, PROVIDER_PATHS.adminOne(id), { session });
    expect(response.status).toBe(200);
    return (await response.json()) as AdminProviderView;
  };
  const put = (path: string, json: unknown, as: AdminSession | undefined = session) =>
    request(base, path, { method: 'PUT', json, ...(as ? { session: as } : {}) });
  const checked = (id: string, group: string, json: unknown = {}) =>
    request(base, `/api/admin/providers/${encodeURIComponent(id)}/facts/${group}/checked`, {
      session,
      json,
    });
  const recheck = async () => {
    const response = await request(base, PROVIDER_PATHS.adminRecheck, { session });
    expect(response.status).toBe(200);
    return (await response.json()) as AdminRecheckItem[];
  };

  beforeAll(async () => {
    server = await startTestServer({ prefix: 'vial-admin-facts-' });
    base = server.base;
    await registerAdmin(server.backend, EMAIL, PASSWORD);
    session = await signIn(base, EMAIL, PASSWORD);
    providerId = await create('Acme Facts');
  });

  afterAll(async () => {
    await server?.close();
  });

  describe('When each group is saved with the revision the editor opened', () => {
    it('then the offers replace the price tables, which now follow the offers', async () => {
      const before = await adminProvider(providerId);
      expect(before.facts).toBeUndefined();
      const response = await put(PROVIDER_PATHS.adminOffers(providerId), {
        offers,
        expectedRevision: before.revision,
      });
      expect(response.status).toBe(200);
      const result = (await response.json()) as CommandResult;
      expect(result.revision).toBeGreaterThan(before.revision);

      const after = await adminProvider(providerId);
      expect(after.facts?.offers).toEqual([
        expect.objectContaining({ id: 'tirzepatide-vial', concentrationMgPerMl: 10 }),
      ]);
      expect(after.prices.tirzepatide).toEqual({ '2.5 mg': 199, '5 mg': 249 });
    });

    it.each([
      ['fees', () => PROVIDER_PATHS.adminFees(providerId), { fees }],
      ['terms', () => PROVIDER_PATHS.adminTerms(providerId), { terms }],
      ['trust', () => PROVIDER_PATHS.adminTrust(providerId), { trust }],
    ] as const)('then the %s are kept as entered', async (group, path, body) => {
      const { revision } = await adminProvider(providerId);
      const response = await put(path(), { ...body, expectedRevision: revision });
      expect(response.status).toBe(200);
      const facts = (await adminProvider(providerId)).facts;
      expect(facts?.[group]).toMatchObject(Object.values(body)[0] as object);
    });

    it('then unknown stays unknown, never 0 or no', async () => {
      const facts = (await adminProvider(providerId)).facts;
      expect(facts?.fees?.oneTime[0]?.amount).toEqual({ kind: 'unknown' });
      expect(facts?.terms?.onlineCancellation).toBeNull();
      expect(facts?.trust?.hsaFsaReceipts).toBeNull();
    });
  });

  describe('When a group is sent with the revision of an older version', () => {
    // Two administrators: the other one saved the trust facts last (the table above).
    it('then a change to another group since is merged: the save lands on the latest version', async () => {
      const { revision } = await adminProvider(providerId);
      const response = await put(PROVIDER_PATHS.adminTerms(providerId), {
        terms: { ...terms, minimumTermMonths: 12 },
        expectedRevision: revision - 1,
      });
      expect(response.status).toBe(200);
      const after = await adminProvider(providerId);
      expect(after.facts?.terms?.minimumTermMonths).toBe(12);
      expect(after.facts?.trust).toMatchObject(trust);
    });

    it('then a change to the same group since answers 409 with both values and keeps what was saved', async () => {
      const { revision } = await adminProvider(providerId);
      const response = await put(PROVIDER_PATHS.adminTerms(providerId), {
        terms: { ...terms, minimumTermMonths: 6 },
        expectedRevision: revision - 1,
      });
      expect(response.status).toBe(409);
      const body = (await response.json()) as { conflicts?: { field: string }[] };
      expect(body.conflicts?.length).toBeGreaterThan(0);
      expect((await adminProvider(providerId)).facts?.terms?.minimumTermMonths).toBe(12);
    });
  });

  describe('When the input cannot be true', () => {
    const withPrices = (prices: { dose: string; monthly: number }[]) => [{ ...offers[0], prices }];
    it.each([
      {
        case: 'a negative membership fee',
        path: () => PROVIDER_PATHS.adminFees(providerId),
        body: { fees: { ...fees, membership: { amount: { kind: 'amount', usd: -5 } } } },
        fields: { 'fees.membership.amount.usd': 'Membership fee must be 0 or more' },
      },
      {
        case: "a source that is no http(s) address ('javascript:alert(1)')",
        path: () => PROVIDER_PATHS.adminFees(providerId),
        body: {
          fees: { ...fees, checked: { source: { ...source, url: 'javascript:alert(1)' } } },
        },
        fields: {
          'fees.checked.source.url': 'Source address must start with http:// or https://',
        },
      },
      {
        case: 'a plan of 0 months',
        path: () => PROVIDER_PATHS.adminOffers(providerId),
        body: { offers: [{ ...offers[0], plans: [{ months: 0, total: 0 }] }] },
        fields: { 'offers.0.plans.0.months': 'Plan months must be at least 1' },
      },
      {
        case: 'a dose listed twice',
        path: () => PROVIDER_PATHS.adminOffers(providerId),
        body: {
          offers: withPrices([
            { dose: '2.5 mg', monthly: 199 },
            { dose: '2.5mg', monthly: 189 },
          ]),
        },
        fields: { 'offers.0.prices.1.dose': 'Dose 2.5 mg is listed twice' },
      },
      {
        case: 'a cancellation notice that is no whole number',
        path: () => PROVIDER_PATHS.adminTerms(providerId),
        body: { terms: { ...terms, cancellationNoticeDays: 1.5 } },
        fields: {
          'terms.cancellationNoticeDays': 'Cancellation notice must be a whole number of days',
        },
      },
      {
        case: 'a commission that is neither yes, no nor unknown',
        path: () => PROVIDER_PATHS.adminTrust(providerId),
        body: { trust: { ...trust, commission: 'maybe' } },
        fields: { 'trust.commission': 'Commission must be yes, no or unknown' },
      },
      {
        case: 'no offers at all',
        path: () => PROVIDER_PATHS.adminOffers(providerId),
        body: {},
        fields: { offers: 'Offers are required' },
      },
    ])('($case) then it answers 400 naming the field', async ({ path, body, fields }) => {
      const { revision } = await adminProvider(providerId);
      const response = await put(path(), { ...body, expectedRevision: revision });
      expect(response.status).toBe(400);
      const answer = (await response.json()) as { error: string; fields: Record<string, string> };
      expect(answer.fields).toMatchObject(fields);
      expect((await adminProvider(providerId)).revision).toBe(revision);
    });

    it('then a check dated in the future answers 400 with its message', async () => {
      const response = await checked(providerId, 'fees', { checkedOn: daysAgo(-10) });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        error: PROVIDER_ERROR_MESSAGES.provider_check_in_future,
      });
    });

    it('then a group that does not exist answers 400 naming it', async () => {
      const response = await checked(providerId, 'prices');
      expect(response.status).toBe(400);
      const answer = (await response.json()) as { error: string; fields?: Record<string, string> };
      expect(answer.error).toBe(INVALID_REQUEST_MESSAGE);
      expect(Object.values(answer.fields ?? {})).toEqual([
        'Fact group must be one of: offers, fees, terms, trust',
      ]);
    });
  });

  describe("When 'Checked today' is pressed for a group", () => {
    it('then its checked date is today and its facts stand', async () => {
      const before = (await adminProvider(providerId)).facts;
      const response = await checked(providerId, 'terms');
      expect(response.status).toBe(200);
      const after = (await adminProvider(providerId)).facts;
      expect(after?.terms?.checked.checkedOn).toBe(isoDay(new Date()));
      expect({ ...after?.terms, checked: null }).toEqual({ ...before?.terms, checked: null });
    });

    it('then a group never entered answers 409 saying to enter it first', async () => {
      const other = await create('Acme Empty');
      const response = await checked(other, 'trust');
      expect(response.status).toBe(409);
      expect(await response.json()).toEqual({
        error: PROVIDER_ERROR_MESSAGES.provider_facts_not_entered,
      });
    });
  });

  describe('When the old price tables are sent once offers exist', () => {
    it('then it answers 409: the prices are kept in the offers', async () => {
      const { revision, prices } = await adminProvider(providerId);
      const response = await put(PROVIDER_PATHS.adminPrices(providerId), {
        prices: { semaglutide: {}, tirzepatide: { '2.5mg': 99 } },
        expectedRevision: revision,
      });
      expect(response.status).toBe(409);
      expect(await response.json()).toEqual({
        error: PROVIDER_ERROR_MESSAGES.provider_prices_in_offers,
      });
      expect((await adminProvider(providerId)).prices).toEqual(prices);
    });

    it('then a provider without offers still changes its tables', async () => {
      const other = await create('Acme Tables');
      const { revision } = await adminProvider(other);
      const response = await put(PROVIDER_PATHS.adminPrices(other), {
        prices: { semaglutide: {}, tirzepatide: { '2.5mg': 99 } },
        expectedRevision: revision,
      });
      expect(response.status).toBe(200);
    });
  });

  describe('When nobody is signed in, or the CSRF token is missing', () => {
    it.each([
      ['PUT', '.../offers', () => PROVIDER_PATHS.adminOffers(providerId), { offers }],
      ['PUT', '.../fees', () => PROVIDER_PATHS.adminFees(providerId), { fees }],
      ['PUT', '.../terms', () => PROVIDER_PATHS.adminTerms(providerId), { terms }],
      ['PUT', '.../trust', () => PROVIDER_PATHS.adminTrust(providerId), { trust }],
      [
        'POST',
        '.../facts/fees/checked',
        () => PROVIDER_PATHS.adminFactsChecked(providerId, 'fees'),
        {},
      ],
    ] as const)('%s %s answers 401 without a session', async (method, _label, path, json) => {
      const response = await request(base, path(), { method, json });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ error: ADMIN_AUTH_REQUIRED_MESSAGE });
    });

    it.each([
      ['PUT', '.../fees', () => PROVIDER_PATHS.adminFees(providerId), { fees }],
      [
        'POST',
        '.../facts/fees/checked',
        () => PROVIDER_PATHS.adminFactsChecked(providerId, 'fees'),
        {},
      ],
    ] as const)('%s %s answers 403 without the CSRF token', async (method, _label, path, json) => {
      const response = await request(base, path(), {
        method,
        json,
        session,
        headers: { 'X-CSRF-Token': null },
      });
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ error: CSRF_MESSAGE });
    });

    it('the recheck list answers 401 without a session', async () => {
      const response = await request(base, PROVIDER_PATHS.adminRecheck);
      expect(response.status).toBe(401);
    });
  });

  describe('When facts grow old', () => {
    it("then 'needs recheck' lists them oldest first, never-checked first of all, and a check takes them off", async () => {
      const [old, older, never] = [
        await create('Recheck Old'),
        await create('Recheck Older'),
        await create('Recheck Never'),
      ];
      const save = async (id: string, path: string, body: object) => {
        const { revision } = await adminProvider(id);
        expect((await put(path, { ...body, expectedRevision: revision })).status).toBe(200);
      };
      await save(old, PROVIDER_PATHS.adminTerms(old), {
        terms: { ...terms, checked: { source, checkedOn: daysAgo(100) } },
      });
      await save(older, PROVIDER_PATHS.adminFees(older), {
        fees: { ...fees, checked: { source, checkedOn: daysAgo(200) } },
      });
      // Fresh (90 days is still fresh): not listed.
      await save(older, PROVIDER_PATHS.adminTrust(older), {
        trust: { ...trust, checked: { source, checkedOn: daysAgo(90) } },
      });
      await save(never, PROVIDER_PATHS.adminTrust(never), {
        trust: { ...trust, checked: { source: null, checkedOn: null } },
      });

      const mine = (items: AdminRecheckItem[]) =>
        items.filter((item) => [old, older, never].includes(item.providerId));
      expect(mine(await recheck())).toEqual([
        {
          providerId: never,
          providerName: 'Recheck Never',
          group: 'trust',
          checkedOn: null,
          ageDays: null,
        },
        {
          providerId: older,
          providerName: 'Recheck Older',
          group: 'fees',
          checkedOn: daysAgo(200),
          ageDays: 200,
        },
        {
          providerId: old,
          providerName: 'Recheck Old',
          group: 'terms',
          checkedOn: daysAgo(100),
          ageDays: 100,
        },
      ]);

      expect((await checked(older, 'fees')).status).toBe(200);
      expect(mine(await recheck()).map((item) => item.providerName)).toEqual([
        'Recheck Never',
        'Recheck Old',
      ]);
    });
  });
});
