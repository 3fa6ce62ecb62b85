/**
 * `npm run bench -- --only=newsletter`: price alert matching for one price change against
 * 100,000 alerts (target under 50 ms). The alerts sit in the in-memory read model as the
 * projector writes them (60% provider alerts over 50 providers and both medications, 40%
 * cheapest-price alerts over every state); the change is one provider's tirzepatide price
 * dropping from $350 to $250, which moves its own price and the cheapest all-in price in the
 * states it serves. Timed: the new snapshot of 50 providers' prices, the differences, and the
 * look-up and rule of every alert they can concern (what one run of price-alerts.match does
 * per page of events, without the kept-collection writes). Median and p99 of several runs,
 * beside the load average.
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import {
  priceChanges,
  priceSnapshot,
  type AlertProvider,
} from '../../domain/newsletter/alert-rules';
import { STATE_CODES } from '../../domain/shared/reference/states';
import type { Fees, Offer } from '../../domain/providers';
import { PRICE_ALERT_COLLECTIONS, type PriceAlertDoc } from '../../projections/newsletter';
import { MemoryReadStore } from '../../projections/read-store/memory';
import { matchPriceChanges } from '../../workers/newsletter/price-alerts';
import { median, type ResultRow } from './report';

const ALERTS = 100_000;
const PROVIDERS = 50;
const TARGET_MS = 50;

const checked = { source: null, checkedOn: '2026-11-20' };
const fees = {
  membership: { amount: { kind: 'included' }, includesMedication: null },
  oneTime: [],
  shippingPerOrder: { kind: 'included' },
  checked,
} as unknown as Fees; // the fields allInCost reads

const offer = (medication: Offer['medication'], doses: string[], usd: number): Offer => ({
  id: medication,
  medication,
  form: 'compounded-vial',
  prices: doses.map((dose) => ({ dose, monthly: usd })),
  intro: null,
  plans: [],
  concentrationMgPerMl: null,
  checked,
});

function provider(i: number, tirzepatide: number): AlertProvider {
  return {
    name: `Provider ${i}`,
    slug: `provider-${i}`,
    // Provider 0 serves every state (the worst case for the cheapest alerts); others ten each.
    states: i === 0 ? [...STATE_CODES] : STATE_CODES.slice((i * 7) % 40, ((i * 7) % 40) + 10),
    fees,
    offers: [
      offer('semaglutide', ['0.25 mg', '0.5 mg', '1 mg', '1.7 mg', '2.4 mg'], 300 + i),
      offer('tirzepatide', ['2.5 mg', '5 mg', '7.5 mg', '10 mg', '12.5 mg', '15 mg'], tirzepatide),
    ],
  };
}

async function alertStore(): Promise<MemoryReadStore> {
  const store = new MemoryReadStore();
  const docs: { kind: 'upsert'; doc: PriceAlertDoc }[] = [];
  const medications = ['semaglutide', 'tirzepatide'] as const;
  for (let i = 0; i < ALERTS; i++) {
    const medication = medications[i % 2] as (typeof medications)[number];
    const base = {
      _id: `alert-${i}`,
      subscriptionId: (i % 40_000).toString(16).padStart(32, '0'),
      medication,
      confirmed: i % 10 !== 0,
      requestedAt: '2026-11-01T00:00:00.000Z',
    };
    docs.push({
      kind: 'upsert',
      doc:
        i % 5 < 3
          ? { ...base, kind: 'provider', providerSlug: `provider-${i % PROVIDERS}` }
          : {
              ...base,
              kind: 'cheapest',
              state: STATE_CODES[i % STATE_CODES.length] as string,
              below: 200 + (i % 300),
            },
    });
  }
  await store.collection<PriceAlertDoc>(PRICE_ALERT_COLLECTIONS.alerts).bulkWrite(docs);
  return store;
}

export async function benchPriceAlertMatching(options: { quick: boolean }): Promise<ResultRow[]> {
  const store = await alertStore();
  const before = Array.from({ length: PROVIDERS }, (_, i) => provider(i, i === 0 ? 350 : 400 + i));
  const after = before.map((p, i) => (i === 0 ? provider(0, 250) : p));
  const beforeSnapshot = priceSnapshot(before);
  const runs = options.quick ? 5 : 25;
  const times: number[] = [];
  let matched = 0;
  for (let run = 0; run < runs + 2; run++) {
    const start = performance.now();
    const changes = priceChanges(beforeSnapshot, priceSnapshot(after));
    const matches = await matchPriceChanges(store, changes);
    const ms = performance.now() - start;
    if (run >= 2) times.push(ms); // two warm-up runs
    matched = matches.length;
  }
  const sorted = [...times].sort((a, b) => a - b);
  const p50 = median(times);
  const p99 = sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)] ?? p50;
  const load = (loadavg()[0] ?? 0).toFixed(2);
  console.log(
    `  price alert matching: ${ALERTS.toLocaleString('en-US')} alerts, ${matched} matched by one change, ` +
      `median ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms over ${runs} runs (load average ${load})`,
  );
  return [
    {
      section: 'newsletter',
      measure: `alert matching, one price change vs ${ALERTS.toLocaleString('en-US')} alerts (median; p99 ${p99.toFixed(1)} ms; load ${load})`,
      value: `${p50.toFixed(1)} ms`,
      target: `< ${TARGET_MS} ms`,
      met: p50 < TARGET_MS,
    },
  ];
}
