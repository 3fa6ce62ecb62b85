/**
 * The price alert jobs against a real SMTP server (smtp-server on a free port) and the app's
 * backend: the matcher starts at the head (history alerts nobody), a price drop that matches
 * two confirmed alerts of one subscriber sends ONE mail naming both changes, a later change the
 * same day waits for the day to pass and then goes in one mail, and an inactive subscriber or
 * one who turned price alerts off gets nothing.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  PRICE_ALERT_KEPT,
  runPriceAlertMatch,
  sendPriceAlertMail,
} from '../../../workers/newsletter/price-alerts';
import { startTestServer, type TestServer } from '../../support/http-server';

const SECRET = 'test unsubscribe secret of forty characters';
const SYSTEM = { actor: { kind: 'system' as const, id: 'test' }, correlationId: 'alerts' };
const DAY_MS = 24 * 60 * 60 * 1000;

interface Sink {
  url: string;
  received: { to: string[]; raw: string }[];
  close(): Promise<void>;
}

async function startSink(): Promise<Sink> {
  const received: Sink['received'] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** What a reader sees: soft line breaks joined, '=3D' and UTF-8 arrows decoded. */
const readable = (raw: string) =>
  raw
    .replace(/\r\n[ \t]+/g, ' ')
    .replace(/=\r\n/g, '')
    .replace(/=3D/g, '=')
    .replace(/=E2=80=94/g, '—')
    .replace(/=E2=86=92/g, '→');

let sink: Sink;
let server: TestServer;
let providerId: string;

async function run(command: Record<string, unknown>): Promise<string> {
  const result = await server.backend.bus.dispatch(command as never, SYSTEM); // the bus validates it
  if (!(await server.backend.waitForProjections(result.position))) {
    throw new Error(`read models did not catch up after ${String(command.type)}`);
  }
  return result.id;
}

const FRESH = new Date(Date.now() - 5 * DAY_MS).toISOString().slice(0, 10);
/** Tirzepatide at one flat price for every ladder dose, fees all included. */
const offers = (usd: number) => [
  {
    id: 'tirz',
    medication: 'tirzepatide',
    form: 'compounded-vial',
    prices: ['2.5 mg', '5 mg', '7.5 mg', '10 mg', '12.5 mg', '15 mg'].map((dose) => ({
      dose,
      monthly: usd,
    })),
    concentrationMgPerMl: 10,
    checked: {
      source: { url: 'https://clear.example/p', kind: 'provider-page' },
      checkedOn: FRESH,
    },
  },
];

async function changePrice(usd: number) {
  await run({ type: 'ChangeProviderOffers', providerId, offers: offers(usd) });
}

/** Subscribes `email` and gives it two confirmed alerts: Clear Costs, and OH under $300. */
async function subscriberWithAlerts(email: string): Promise<string> {
  const subscriptionId = await server.backend.subscribers.idFor(email);
  await run({ type: 'SubscribeToNewsletter', email, subscriptionId });
  await run({
    type: 'RequestPriceAlert',
    subscriptionId,
    alertId: `${subscriptionId.slice(0, 8)}-p`,
    alert: { kind: 'provider', providerSlug: 'clear-costs', medication: 'tirzepatide' },
  });
  await run({
    type: 'RequestPriceAlert',
    subscriptionId,
    alertId: `${subscriptionId.slice(0, 8)}-c`,
    alert: { kind: 'cheapest', medication: 'tirzepatide', state: 'OH', below: 300 },
  });
  await run({ type: 'ConfirmPriceAlerts', subscriptionId });
  return subscriptionId;
}

beforeAll(async () => {
  sink = await startSink();
});
afterAll(() => sink.close());

beforeEach(async () => {
  sink.received.length = 0;
  server = await startTestServer({
    prefix: 'vial-alert-mail-',
    env: { SMTP_URL: sink.url, UNSUBSCRIBE_SECRET: SECRET, MAIL_FROM: 'alerts@vial.example' },
  });
  providerId = await run({
    type: 'ListProvider',
    details: {
      name: 'Clear Costs',
      websiteUrl: 'https://clear.example',
      states: ['OH'],
      medications: ['Tirzepatide'],
    },
  });
  await run({
    type: 'ChangeProviderFees',
    providerId,
    fees: {
      membership: { amount: { kind: 'included' }, includesMedication: false },
      oneTime: [],
      shippingPerOrder: { kind: 'included' },
      checked: { source: null, checkedOn: FRESH },
    },
  });
  await changePrice(350);
});
afterEach(() => server.close());

const backend = () => server.backend;
const NOW = new Date();

describe('price-alerts.match and price-alerts.mail', () => {
  it('starts at the head: the history before its first run alerts nobody', async () => {
    await subscriberWithAlerts('ann@example.com');
    expect(await runPriceAlertMatch(backend(), NOW)).toHaveProperty('started');
    expect(await runPriceAlertMatch(backend(), NOW)).toMatchObject({ matched: 0 });
    expect(await backend().readStore.collection(PRICE_ALERT_KEPT.pending).count({})).toBe(0);
  });

  it('one mail a day: two matches in one mail, a later change waits for the day to pass', async () => {
    const id = await subscriberWithAlerts('ann@example.com');
    await runPriceAlertMatch(backend(), NOW);

    // $350 -> $250: the provider's price moves, and the cheapest in OH falls under $300.
    await changePrice(250);
    expect(await runPriceAlertMatch(backend(), NOW)).toMatchObject({ matched: 2, subscribers: 1 });
    expect(await sendPriceAlertMail(backend(), { subscriptionId: id }, NOW)).toMatchObject({
      sent: 2,
    });
    expect(sink.received).toHaveLength(1);
    const [first] = sink.received;
    expect(first?.to).toEqual(['ann@example.com']);
    const text = readable(first?.raw ?? '');
    expect(text).toMatch(/^Subject: Price alert: 2 prices you follow changed/m);
    expect(text).toContain('Clear Costs — Tirzepatide: $350 → $250 a month (price checked');
    expect(text).toContain('Cheapest tirzepatide in Ohio: $');
    expect(text).toContain('under your $300 (Clear Costs, price checked');
    expect(text).toMatch(/^List-Unsubscribe: <http:\/\/127\.0\.0\.1:\d+\/unsubscribe\//m);
    expect(text).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    expect(text).toContain('/preferences/');

    // The same day: $250 -> $240 matches the provider alert again, and waits.
    await changePrice(240);
    expect(await runPriceAlertMatch(backend(), NOW)).toMatchObject({ matched: 1 });
    expect(await sendPriceAlertMail(backend(), { subscriptionId: id }, NOW)).toMatchObject({
      deferred: 'mailed less than a day ago',
    });
    // Another change before the day is over joins the same waiting line (first price kept).
    await changePrice(230);
    await runPriceAlertMatch(backend(), NOW);
    expect(sink.received).toHaveLength(1);

    const tomorrow = new Date(NOW.getTime() + DAY_MS + 1000);
    expect(await sendPriceAlertMail(backend(), { subscriptionId: id }, tomorrow)).toMatchObject({
      sent: 1,
    });
    expect(sink.received).toHaveLength(2);
    expect(readable(sink.received[1]?.raw ?? '')).toContain(
      'Clear Costs — Tirzepatide: $250 → $230 a month',
    );
    const summary = await backend().queries.priceAlertSummary(tomorrow);
    expect(summary).toEqual({ active: 2, awaitingConfirmation: 0, sentThisWeek: 2 });
  });

  it('an inactive subscriber gets nothing, and what waited is dropped', async () => {
    const id = await subscriberWithAlerts('bob@example.com');
    await runPriceAlertMatch(backend(), NOW);
    await changePrice(250);
    await runPriceAlertMatch(backend(), NOW);
    await run({ type: 'UnsubscribeFromNewsletter', subscriptionId: id });
    expect(await sendPriceAlertMail(backend(), { subscriptionId: id }, NOW)).toMatchObject({
      skipped: 'the subscription is gone or inactive',
    });
    expect(sink.received).toHaveLength(0);
    expect(await backend().readStore.collection(PRICE_ALERT_KEPT.pending).count({})).toBe(0);
  });

  it('a subscriber who turned price alerts off gets nothing', async () => {
    const id = await subscriberWithAlerts('cy@example.com');
    await runPriceAlertMatch(backend(), NOW);
    await changePrice(250);
    await runPriceAlertMatch(backend(), NOW);
    await run({
      type: 'ChangeSubscriberPreferences',
      subscriptionId: id,
      medications: ['tirzepatide'],
      state: 'OH',
      weeklyIssue: true,
      priceAlerts: false,
    });
    expect(await sendPriceAlertMail(backend(), { subscriptionId: id }, NOW)).toMatchObject({
      skipped: 'the subscriber turned price alerts off',
    });
    expect(sink.received).toHaveLength(0);
  });

  it('unconfirmed alerts are never mailed', async () => {
    const id = await backend().subscribers.idFor('dee@example.com');
    await run({ type: 'SubscribeToNewsletter', email: 'dee@example.com', subscriptionId: id });
    await run({
      type: 'RequestPriceAlert',
      subscriptionId: id,
      alertId: 'dee-p',
      alert: { kind: 'provider', providerSlug: 'clear-costs', medication: 'tirzepatide' },
    });
    await runPriceAlertMatch(backend(), NOW);
    await changePrice(250);
    expect(await runPriceAlertMatch(backend(), NOW)).toMatchObject({ matched: 0 });
    expect(await sendPriceAlertMail(backend(), { subscriptionId: id }, NOW)).toMatchObject({
      skipped: 'nothing waits',
    });
    expect(sink.received).toHaveLength(0);
  });
});
