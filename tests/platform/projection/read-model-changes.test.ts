/**
 * What the projection runner tells the page cache (ProjectionRunner.onReadModelsChanged): after
 * each event, the documents its projectors' writes changed, as they were and are (a collection
 * whole where they cannot be told one by one), before a writer waiting for its event is
 * answered; everything when checkpoints are reloaded (a resume after a rebuild).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { hashPassword } from '../../../api/auth/password';
import { perContext, type Projector } from '../../../projections/projector';
import type { DocumentChange, ReadModelChange } from '../../../projections/read-tracking';
import { DESCRIBED_LIMIT } from '../../../projections/runner/written';
import { appProjectors } from '../../../workers/bootstrap/composition';
import { app, acme, CTX } from '../../support/write-read';

let current: ReturnType<typeof app> | null = null;
afterEach(async () => {
  await current?.close();
  current = null;
});

const VISITOR_CTX = { actor: { kind: 'visitor' as const, id: 'v-1' }, correlationId: 'req-2' };

async function started(projectors?: Projector[]) {
  current = app(projectors ? { projectors } : {});
  await current.runner.start();
  const told: ReadModelChange[] = [];
  const stop = current.runner.onReadModelsChanged((change) => told.push(change));
  if (!stop) throw new Error('a runner without leases tells its changes');
  /** The collections told changed, wholly or by a document ('*': everything). */
  const changed = () =>
    new Set(
      told.flatMap((change) =>
        'everything' in change
          ? ['*']
          : [...change.collections, ...(change.documents ?? []).map((d) => d.collection)],
      ),
    );
  /** The documents told changed. */
  const documents = (): DocumentChange[] =>
    told.flatMap((change) => ('documents' in change ? (change.documents ?? []) : []));
  return { app: current, told, changed, documents, stop };
}

describe('read-model changes told by the runner', () => {
  it.each<
    [
      string,
      (a: ReturnType<typeof app>, told: ReadModelChange[]) => Promise<{ position: string }>,
      string[],
      string[],
    ]
  >([
    [
      'a provider listed',
      (a) => a.bus.dispatch({ type: 'ListProvider', details: acme }, CTX),
      ['providers', 'public_provider_ranking', 'search_documents'],
      ['subscriptions', '*'],
    ],
    [
      'a newsletter signup',
      (a) =>
        a.bus.dispatch(
          { type: 'SubscribeToNewsletter', email: 'a@example.org', subscriptionId: 'a'.repeat(32) },
          VISITOR_CTX,
        ),
      ['subscriptions'],
      ['providers', 'public_provider_ranking', 'search_documents', 'site_content', '*'],
    ],
    [
      'an administrator signing in',
      async (a, told) => {
        const passwordHash = await hashPassword('a long enough passphrase 42');
        const email = 'ops@example.com';
        const registered = await a.bus.dispatch(
          { type: 'RegisterAdmin', email, passwordHash },
          CTX,
        );
        await a.runner.waitFor(registered.position, 5000);
        told.length = 0;
        return a.bus.dispatch({ type: 'RecordAdminSignIn', email }, CTX);
      },
      [],
      ['providers', 'public_provider_ranking', 'search_documents', 'site_content', '*'],
    ],
  ])('When %s, Then the changes name %j and not %j', async (_name, when, named, notNamed) => {
    const { app: a, told, changed } = await started();
    const { position } = await when(a, told);
    expect(await a.runner.waitFor(position, 5000)).toBe(true);
    const collections = changed();
    for (const name of named) expect(collections, name).toContain(name);
    for (const name of notNamed) expect(collections, name).not.toContain(name);
  });

  it('tells the change before a writer waiting for its event is answered', async () => {
    const { app: a, told } = await started();
    const { position } = await a.bus.dispatch({ type: 'ListProvider', details: acme }, CTX);
    const toldWhenAnswered = await a.runner.waitFor(position, 5000).then(() => told.length);
    expect(toldWhenAnswered).toBeGreaterThan(0);
  });

  it('tells everything when checkpoints are reloaded (a resume), and nothing once stopped listening', async () => {
    const { app: a, told, stop } = await started();
    await a.runner.pause(['providers']);
    await a.runner.resume(['providers']);
    expect(told).toContainEqual({ everything: true });
    stop();
    const count = told.length;
    const { position } = await a.bus.dispatch({ type: 'ListProvider', details: acme }, CTX);
    expect(await a.runner.waitFor(position, 5000)).toBe(true);
    expect(told.length).toBe(count);
  });

  it('tells the documents a price change changed, as they were and are: the provider’s, not another’s', async () => {
    const { app: a, told, documents } = await started();
    const listed = await a.bus.dispatch({ type: 'ListProvider', details: acme }, CTX);
    const other = await a.bus.dispatch(
      { type: 'ListProvider', details: { ...acme, name: 'Beta Care', states: ['IL'] } },
      CTX,
    );
    expect(await a.runner.waitFor(other.position, 5000)).toBe(true);
    told.length = 0;
    const { position } = await a.bus.dispatch(
      {
        type: 'ChangeProviderPrices',
        providerId: listed.id,
        prices: { semaglutide: { '0.25mg': 211 }, tirzepatide: {} },
      },
      CTX,
    );
    expect(await a.runner.waitFor(position, 5000)).toBe(true);
    const record = documents().find((d) => d.collection === 'providers');
    expect(record?.before?._id).toBe(listed.id);
    expect(record?.after?._id).toBe(listed.id);
    expect(record?.before?.prices).not.toEqual(record?.after?.prices);
    // Nothing of the other provider, and no collection told whole.
    expect(documents().filter((d) => (d.before ?? d.after)?._id === other.id)).toEqual([]);
    expect(
      told.flatMap((change) => ('collections' in change ? change.collections : ['*'])),
    ).toEqual([]);
    // The cities of its states, not the others'.
    const states = documents()
      .filter((d) => d.collection === 'state_provider_rankings')
      .map((d) => (d.before ?? d.after)?._id);
    expect(states.sort()).toEqual(['CA', 'NY', 'TX']);
  });

  it('attributes what a projector defers to flush to the event it applies', async () => {
    const pending = perContext(() => [] as string[]);
    const deferring: Projector = {
      name: 'deferring',
      collections: ['deferred'],
      eventTypes: ['ProviderListed'],
      async handle(event, ctx) {
        pending.of(ctx).push(event.streamId);
      },
      async flush(ctx) {
        const ids = pending.take(ctx) ?? [];
        await ctx
          .collection('deferred')
          .bulkWrite(ids.map((id) => ({ kind: 'upsert' as const, doc: { _id: id, seen: true } })));
      },
    };
    const { app: a, documents } = await started([...appProjectors(), deferring]);
    const { position, id } = await a.bus.dispatch({ type: 'ListProvider', details: acme }, CTX);
    expect(await a.runner.waitFor(position, 5000)).toBe(true);
    expect(documents().filter((d) => d.collection === 'deferred')).toEqual([
      { collection: 'deferred', before: null, after: { _id: `provider-${id}`, seen: true } },
    ]);
  });

  it(`tells a collection whole when an event writes more than ${DESCRIBED_LIMIT} of its documents`, async () => {
    const bulk: Projector = {
      name: 'bulk',
      collections: ['bulk'],
      eventTypes: ['ProviderListed'],
      async handle(_event, ctx) {
        await ctx.collection('bulk').bulkWrite(
          Array.from({ length: DESCRIBED_LIMIT + 1 }, (_, i) => ({
            kind: 'upsert' as const,
            doc: { _id: `d${i}` },
          })),
        );
      },
    };
    const { app: a, told, documents } = await started([bulk]);
    const { position } = await a.bus.dispatch({ type: 'ListProvider', details: acme }, CTX);
    expect(await a.runner.waitFor(position, 5000)).toBe(true);
    expect(told).toContainEqual({ collections: ['bulk'], documents: [] });
    expect(documents()).toEqual([]);
  });

  it('tells nothing for an event whose writes changed nothing', async () => {
    const idle: Projector = {
      name: 'idle',
      collections: ['idle'],
      eventTypes: ['ProviderListed'],
      async handle(_event, ctx) {
        await ctx.collection('idle').update({ _id: 'none' }, { $set: { n: 1 } });
      },
    };
    const { app: a, told } = await started([idle]);
    const { position } = await a.bus.dispatch({ type: 'ListProvider', details: acme }, CTX);
    expect(await a.runner.waitFor(position, 5000)).toBe(true);
    expect(told).toEqual([]);
  });
});
