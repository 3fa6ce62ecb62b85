/**
 * What the projection runner tells the page cache (ProjectionRunner.onReadModelsChanged): after
 * each event, the collections of the projectors that applied it, before a writer waiting for
 * its event is answered; everything when checkpoints are reloaded (a resume after a rebuild).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { hashPassword } from '../../../api/auth/password';
import type { ReadModelChange } from '../../../projections/read-tracking';
import { app, acme, CTX } from '../../support/write-read';

let current: ReturnType<typeof app> | null = null;
afterEach(async () => {
  await current?.close();
  current = null;
});

const VISITOR_CTX = { actor: { kind: 'visitor' as const, id: 'v-1' }, correlationId: 'req-2' };

async function started() {
  current = app();
  await current.runner.start();
  const told: ReadModelChange[] = [];
  const stop = current.runner.onReadModelsChanged((change) => told.push(change));
  if (!stop) throw new Error('a runner without leases tells its changes');
  const changed = () =>
    new Set(told.flatMap((change) => ('collections' in change ? change.collections : ['*'])));
  return { app: current, told, changed, stop };
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
});
