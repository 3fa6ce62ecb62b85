/**
 * GET /api/calculator/provider-prices: every listed provider's entered prices, whole (the
 * visitor's dose is never a parameter), only countable prices, providers without any left out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALCULATOR_PATHS, type ProviderPriceListView } from '../../../api/calculator/contracts';
import { request, startTestServer, type TestServer } from '../../support/http-server';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ prefix: 'vial-calc-prices-' });
  const list = (name: string, prices: Record<string, Record<string, number>>) =>
    server.backend.bus.dispatch(
      {
        type: 'ListProvider',
        details: { name, websiteUrl: 'https://p.example', states: ['CA'], featured: false },
        prices: { semaglutide: {}, tirzepatide: {}, ...prices },
      },
      { actor: { kind: 'system', id: 'test' }, correlationId: 'prices' },
    );
  await list('Priced Health', { semaglutide: { '0.25mg': 199, '0.5mg': 249 } });
  const last = await list('Unpriced Health', {});
  await server.backend.waitForProjections(last.position);
}, 60_000);

afterAll(async () => {
  await server?.close();
});

describe('GET /api/calculator/provider-prices', () => {
  it("lists the providers' entered prices, without those that entered none", async () => {
    const response = await request(server.base, CALCULATOR_PATHS.providerPrices);
    expect(response.status).toBe(200);
    const list = (await response.json()) as ProviderPriceListView;
    expect(list).toEqual([
      {
        name: 'Priced Health',
        slug: 'priced-health',
        prices: { semaglutide: { '0.25mg': 199, '0.5mg': 249 }, tirzepatide: {} },
      },
    ]);
  });
});
