/**
 * Price alerts over HTTP on the app started for real (embedded profile): without SMTP_URL the
 * form is not offered and the POST answers 503 (bad input still a 400 naming it); with it, bad input is a 400 naming the field,
 * an unknown provider or a medication it does not list too, the first alert answers
 * 'confirmation-sent' and asks for the confirmation mail, whose signed link shows a page (GET
 * changes nothing) and confirms on POST; the next alert is 'active' at once. The summary is the
 * back office's only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signPriceAlertConfirmToken } from '../../../commands/newsletter';
import {
  registerAdmin,
  request,
  signIn,
  startTestServer,
  type AdminSession,
  type TestServer,
} from '../../support/http-server';

const SECRET = 'test unsubscribe secret of forty characters';
const PASSWORD = 'a long test password 1';
const PATH = '/api/newsletter/price-alerts';
const EDITOR = { actor: { kind: 'system' as const, id: 'test' }, correlationId: 'alerts' };

async function run(server: TestServer, command: Record<string, unknown>): Promise<string> {
  const result = await server.backend.bus.dispatch(command as never, EDITOR); // validated by the bus
  if (!(await server.backend.waitForProjections(result.position))) {
    throw new Error(`read models did not catch up after ${String(command.type)}`);
  }
  return result.id;
}

/** 'Clear Costs' in OH, selling tirzepatide only. */
async function listClearCosts(server: TestServer): Promise<string> {
  return run(server, {
    type: 'ListProvider',
    details: {
      name: 'Clear Costs',
      websiteUrl: 'https://clear.example',
      states: ['OH'],
      medications: ['Tirzepatide'],
    },
    prices: { semaglutide: {}, tirzepatide: { '5 mg': 299 } },
  });
}

const providerAlert = { kind: 'provider', providerSlug: 'clear-costs', medication: 'tirzepatide' };

describe('without SMTP_URL', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ prefix: 'vial-alerts-nosmtp-' });
    await listClearCosts(server);
  });
  afterAll(() => server.close());

  it('says alerts are not available and answers the POST 503', async () => {
    const read = await request(server.base, '/api/newsletter/price-alerts/availability');
    expect(await read.json()).toEqual({ alertsAvailable: false });
    const response = await request(server.base, PATH, {
      json: { email: 'ann@example.com', alert: providerAlert },
    });
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ error: 'Price alerts are not available right now.' });
  });

  it.each([
    ['no body', undefined],
    ['a list', []],
    ['no e-mail', { alert: providerAlert }],
    [
      'an unknown provider',
      { email: 'ann@example.com', alert: { ...providerAlert, providerSlug: 'nope' } },
    ],
  ])('answers bad input (%s) 400 naming the problem, not 503', async (_case, json) => {
    const response = await request(
      server.base,
      PATH,
      json === undefined ? { method: 'POST' } : { json },
    );
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: string };
    expect(body.error).not.toBe('Price alerts are not available right now.');
    expect(body.error.length).toBeGreaterThan(0);
  });
});

describe('with SMTP_URL', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      prefix: 'vial-alerts-',
      // Never reached here: nothing sends mail in this file (the mail job has its own test).
      env: { SMTP_URL: 'smtp://127.0.0.1:9', UNSUBSCRIBE_SECRET: SECRET },
      pages: (_req, res) => {
        res.status(200).type('html').send('<h1>confirmation page</h1>');
      },
    });
    await listClearCosts(server);
  });
  afterAll(() => server.close());

  const ask = (body: unknown) => request(server.base, PATH, { json: body });

  it('says alerts are available', async () => {
    const read = await request(server.base, '/api/newsletter/price-alerts/availability');
    expect(await read.json()).toEqual({ alertsAvailable: true });
  });

  it.each([
    ['no e-mail', { alert: providerAlert }, 'email', 'Please enter a valid email address.'],
    ['no alert', { email: 'ann@example.com' }, 'kind', 'Alert kind must be provider or cheapest'],
    [
      'another medication',
      { email: 'ann@example.com', alert: { ...providerAlert, medication: 'insulin' } },
      'medication',
      'Medication must be semaglutide or tirzepatide',
    ],
    [
      'no such state',
      {
        email: 'ann@example.com',
        alert: { kind: 'cheapest', medication: 'tirzepatide', state: 'XX', below: 300 },
      },
      'state',
      'State must be a two-letter US state code, like OH',
    ],
    [
      'an amount with cents',
      {
        email: 'ann@example.com',
        alert: { kind: 'cheapest', medication: 'tirzepatide', state: 'OH', below: 299.5 },
      },
      'below',
      'Amount must be a whole number of dollars from 1 to 5,000',
    ],
    [
      'an amount over 5,000',
      {
        email: 'ann@example.com',
        alert: { kind: 'cheapest', medication: 'tirzepatide', state: 'OH', below: '5001' },
      },
      'below',
      'Amount must be a whole number of dollars from 1 to 5,000',
    ],
    [
      'a provider that is not listed',
      { email: 'ann@example.com', alert: { ...providerAlert, providerSlug: 'nobody' } },
      'providerSlug',
      'Provider: no listed provider has this address',
    ],
    [
      'a medication the provider does not list',
      { email: 'ann@example.com', alert: { ...providerAlert, medication: 'semaglutide' } },
      'medication',
      'Medication: this provider does not list semaglutide',
    ],
  ])('%s: 400 naming the field', async (_case, body, field, message) => {
    const response = await ask(body);
    expect(response.status).toBe(400);
    const answer = (await response.json()) as { fields: Record<string, string> };
    expect(answer.fields[field]).toBe(message);
  });
});

/** Its own server: the signup's limit (10 an hour per IP) counts the 400s above. */
describe('double opt-in', () => {
  let server: TestServer;
  let session: AdminSession;
  beforeAll(async () => {
    server = await startTestServer({
      prefix: 'vial-alerts-optin-',
      env: { SMTP_URL: 'smtp://127.0.0.1:9', UNSUBSCRIBE_SECRET: SECRET },
      pages: (_req, res) => {
        res.status(200).type('html').send('<h1>confirmation page</h1>');
      },
    });
    await listClearCosts(server);
    await registerAdmin(server.backend, 'ops@example.com', PASSWORD);
    session = await signIn(server.base, 'ops@example.com', PASSWORD);
  });
  afterAll(() => server.close());

  const ask = (body: unknown) => request(server.base, PATH, { json: body });

  it('double opt-in: confirmation sent, the link confirms on POST only, then alerts are active', async () => {
    const first = await ask({ email: ' Bea@Example.com ', alert: providerAlert });
    expect(first.status).toBe(201);
    expect(await first.json()).toEqual({
      status: 'confirmation-sent',
      message: 'Check your inbox: confirm your address to start this alert.',
    });
    const subscriptionId = await server.backend.subscribers.find('bea@example.com');
    expect(subscriptionId).not.toBeNull();
    const id = subscriptionId as string;

    // The outbox would send this when it reads PriceAlertRequested: the link, signed.
    const token = signPriceAlertConfirmToken(SECRET, id);
    const mail = await server.backend.mails.address({
      kind: 'price-alerts-confirm',
      subscriptionId: id,
    });
    expect('skipped' in mail).toBe(false);
    if (!('skipped' in mail)) {
      expect(mail.to).toBe('bea@example.com');
      expect(mail.subject).toBe('Confirm your price alert');
      expect(mail.text).toContain(`${server.base}/price-alerts/confirm/${token}`);
      expect(mail.headers?.['List-Unsubscribe']).toMatch(/^<.*\/unsubscribe\//);
    }

    // The subscription made for it does not want the weekly issue (it asked for alerts).
    const doc = await server.backend.readStore.collection('subscriptions').findOne({ _id: id });
    expect(doc?.active).toBe(true);
    expect(doc?.weeklyIssue).toBe(false);

    // GET shows the page and changes nothing.
    const page = await request(server.base, `/price-alerts/confirm/${token}`);
    expect(page.status).toBe(200);
    expect(await server.backend.queries.priceAlertsConfirmed(id)).toBe(false);

    const confirm = await request(server.base, `/price-alerts/confirm/${token}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      raw: '',
    });
    expect(confirm.status).toBe(303);
    expect(confirm.headers.get('location')).toBe('/price-alerts/confirmed');
    expect(await server.backend.queries.priceAlertsConfirmed(id)).toBe(true);
    // Confirmed: no second confirmation mail.
    expect(
      await server.backend.mails.address({ kind: 'price-alerts-confirm', subscriptionId: id }),
    ).toEqual({ skipped: 'price alerts are already confirmed' });

    const second = await ask({
      email: 'bea@example.com',
      alert: { kind: 'cheapest', medication: 'tirzepatide', state: 'OH', below: 300 },
    });
    expect(second.status).toBe(201);
    expect(await second.json()).toEqual({
      status: 'active',
      message: 'Alert saved. We will e-mail you when this price changes.',
    });
    const rows = await server.backend.queries.subscriberPriceAlerts(id);
    expect(rows.map((r) => [r.kind, r.confirmed])).toEqual([
      ['provider', true],
      ['cheapest', true],
    ]);

    // The same alert again is not a second one.
    expect((await ask({ email: 'bea@example.com', alert: providerAlert })).status).toBe(201);
    expect(await server.backend.queries.subscriberPriceAlerts(id)).toHaveLength(2);

    const summary = await request(server.base, '/api/admin/price-alerts/summary', { session });
    expect(await summary.json()).toEqual({ active: 2, awaitingConfirmation: 0, sentThisWeek: 0 });
  });

  it('a bad or tampered confirmation link is a 400 page, never a change', async () => {
    for (const token of ['nonsense', `${'a'.repeat(32)}.${'A'.repeat(43)}`]) {
      const get = await request(server.base, `/price-alerts/confirm/${token}`);
      expect(get.status).toBe(400);
      expect(await get.text()).toContain('This confirmation link is not valid');
      const post = await request(server.base, `/price-alerts/confirm/${token}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        raw: '',
      });
      expect(post.status).toBe(400);
    }
  });

  it('the summary is for administrators only', async () => {
    const response = await request(server.base, '/api/admin/price-alerts/summary');
    expect(response.status).toBe(401);
  });
});
