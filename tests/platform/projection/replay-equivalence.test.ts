/**
 * A replay's read models do not depend on how it is cut: a varied history (providers listed,
 * edited, repriced, scored, featured, removed and relisted; visitors subscribing, sealed as the
 * app seals them) gives the same documents in every collection of every projector whether it
 * is
 * - rebuilt in one pass (a start, `projections:rebuild`: from scratch, flushed at the end),
 * - rebuilt in small pages flushed often (a long rebuild's runs of pages),
 * - rebuilt with the audit log on disk (the embedded profile's read-models.sqlite), or
 * - applied event by event and flushed after each, as the live runner does (not from scratch:
 *   every projector looks up what it has written).
 * The live path is the reference: the replay's shortcuts (deferred writes, no lookups from
 * scratch, batched audit entries) must not change a document. The projectors' own tests say
 * what each document holds.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { EventStore } from '../../../commands/event-store';
import { rebuild, type RebuildOptions } from '../../../projections';
import type { Projector } from '../../../projections/projector';
import { MemoryReadStore, openReadStore, type ReadStore } from '../../../projections/read-store';
import {
  appProjectors,
  embeddedReadStoreConfig,
  openEventLog,
} from '../../../workers/bootstrap/composition';
import { loadConfig } from '../../../workers/bootstrap/config';
import { writeProviderHistory, writeSubscriptionHistory } from '../../../scripts/bench/history';
import { project } from '../../support/projections';
import { testDocumentSealer } from '../../support/document-sealer';
import { withSealedCollections } from '../../../projections/read-store/sealed';
import { SUBSCRIPTION_SEALED_FIELDS } from '../../../projections/newsletter';

type Dump = Record<string, unknown[]>;

async function dump(store: ReadStore, projectors: readonly Projector[]): Promise<Dump> {
  const out: Dump = {};
  for (const name of projectors.flatMap((p) => p.collections).sort()) {
    out[name] = await store.collection(name).find({}, { sort: { _id: 1 } });
  }
  return out;
}

describe('a replay gives the same read models however it is cut', () => {
  let dir: string;
  let events: EventStore;
  let reference: Dump;
  const projectors = appProjectors();
  const open: ReadStore[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'replay-equivalence-'));
    // Given the log as the app opens it (subscribers' addresses sealed on append)
    events = await openEventLog(
      loadConfig({
        PROFILE: 'embedded',
        DATA_DIR: path.join(dir, 'log'),
        SEED_DEMO: 'false',
        UNSUBSCRIBE_SECRET: randomBytes(32).toString('base64url'),
      }),
    );
    await writeSubscriptionHistory(events, { subscriptions: 60 });
    await writeProviderHistory(events, { providers: 12, events: 1_500, featuredShare: 0.4 });
    await writeSubscriptionHistory(events, { subscriptions: 40, from: 60 });
    // And the reference: every event applied and flushed on its own
    const live = await project(projectors, await events.readAll({ after: 0n, limit: 100_000 }));
    reference = await dump(live, projectors);
  }, 120_000);

  afterAll(async () => {
    for (const store of open) await store.close();
    await events.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('the history is varied enough to tell replays apart', async () => {
    const types = new Set<string>();
    for (const event of await events.readAll({ after: 0n, limit: 10_000 })) types.add(event.type);
    expect([...types]).toEqual(
      expect.arrayContaining([
        'ProviderListed',
        'ProviderDetailsChanged',
        'ProviderPricesChanged',
        'VialScoreRecomputed',
        'ProviderFeatured',
        'ProviderRemoved',
        'VisitorSubscribed',
      ]),
    );
    for (const collection of [
      'providers',
      'provider_changes',
      'audit_log',
      'audit_subjects',
      'search_documents',
      'state_provider_rankings',
      'subscriptions',
      'trashed_providers',
    ]) {
      expect(reference[collection]?.length ?? 0, collection).toBeGreaterThan(0);
    }
  });

  const cuts: Array<[string, RebuildOptions]> = [
    ['in one pass', {}],
    ['in pages of 7 events, flushed every 13', { batchSize: 7, flushEvery: 13 }],
    ['in pages of 250, flushed every 600', { batchSize: 250, flushEvery: 600 }],
  ];
  it.each(cuts)(
    'rebuilt into memory %s: every collection equals the reference',
    async (_, options) => {
      const store = new MemoryReadStore();
      await rebuild(store, events, projectors, options);
      expect(await dump(store, projectors)).toEqual(reference);
    },
  );

  it('rebuilt with the audit log on disk (embedded profile): every collection equals the reference', async () => {
    mkdirSync(path.join(dir, 'read'));
    const store = await openReadStore(embeddedReadStoreConfig(path.join(dir, 'read'), false));
    open.push(store);
    await rebuild(store, events, projectors, { batchSize: 300, flushEvery: 900 });
    expect(await dump(store, projectors)).toEqual(reference);
  });

  it('rebuilt with the subscriber list sealed on disk (as the embedded backend opens it): every collection equals the reference', async () => {
    mkdirSync(path.join(dir, 'sealed'));
    const opened = await openReadStore(embeddedReadStoreConfig(path.join(dir, 'sealed'), false));
    open.push(opened);
    const { sealer } = testDocumentSealer();
    const store = withSealedCollections(
      opened,
      new Map([['subscriptions', { fields: SUBSCRIPTION_SEALED_FIELDS, sealer }]]),
    );
    await rebuild(store, events, projectors, { batchSize: 300, flushEvery: 900 });
    expect(await dump(store, projectors)).toEqual(reference);
    const bytes = readFileSync(path.join(dir, 'sealed', 'read-models.sqlite'));
    expect(bytes.includes('reader-7@bench.example')).toBe(false);
  });
});
