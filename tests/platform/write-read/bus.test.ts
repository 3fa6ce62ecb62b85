/**
 * The command bus on a real (in-memory SQLite) event store: validation, metadata, no-op
 * commands, retries, administrators and the one-time setup, and the demo seed.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { appCommandBus, type AppCommand } from '../../../workers/bootstrap/composition';
import type { CommandBus } from '../../../commands/bus';
import { adminStreamId, hashSetupToken } from '../../../commands/admins';
import { CommandValidationError, DecisionError } from '../../../commands/errors';
import { ConcurrencyError, type EventStore } from '../../../commands/event-store/port';
import { SqliteEventStore } from '../../../commands/event-store/sqlite';
import { DEMO_PROVIDERS, seedDemoContent } from '../../../commands/providers';
import { providerSlugDecider } from '../../../domain/providers/decider';
import { providerSlugStreamId, type ProviderSlugEvent } from '../../../domain/providers/events';
import { fold } from '../../../domain/shared/decider';
import { acme, ADMIN, CTX } from '../../support/write-read';

const NOW = new Date('2025-03-14T10:00:00.000Z');
let store: SqliteEventStore;
afterEach(async () => {
  await store?.close();
});

function bus(options: { eventStore?: EventStore; now?: Date } = {}): CommandBus<AppCommand> {
  if (!options.eventStore) store = new SqliteEventStore(':memory:');
  let n = 0;
  return appCommandBus(options.eventStore ?? store, {
    now: () => options.now ?? NOW,
    newId: () => `id-${++n}`,
  });
}

describe('validation', () => {
  it.each([
    [{ ...acme, name: '  ' }, 'details.name', 'Please fill in all required fields'],
    [{ ...acme, websiteUrl: '' }, 'details.websiteUrl', 'Please fill in all required fields'],
    [{ ...acme, googleScore: 5.5 }, 'details.googleScore', 'Google score must be between 0 and 5'],
    [{ ...acme, states: ['XX'] }, 'details.states.0', 'Unknown US state'],
    [{ ...acme, medications: ['Aspirin'] }, 'details.medications.0', 'Unknown medication'],
  ])('rejects bad details with a message per field (%#)', async (details, path, message) => {
    const b = bus();
    const attempt = b.dispatch({ type: 'ListProvider', details } as never, CTX);
    await expect(attempt).rejects.toBeInstanceOf(CommandValidationError);
    await expect(attempt).rejects.toMatchObject({ fields: { [path]: message } });
    expect(await store.headPosition()).toBe(0n);
  });

  it('rejects an unknown command type', async () => {
    await expect(bus().dispatch({ type: 'Nope' } as never, CTX)).rejects.toBeInstanceOf(
      CommandValidationError,
    );
  });
});

describe('dispatch', () => {
  it('appends the decided events with full metadata and answers id, revision and position', async () => {
    const b = bus();
    const result = await b.dispatch({ type: 'ListProvider', details: acme }, CTX);
    // Position 1 is the slug's reservation (appended with the provider's three events).
    expect(result).toEqual({ id: 'id-2', revision: 2, position: '4' });
    expect((await store.readStream('providerslug-acme-health'))[0]).toMatchObject({
      type: 'ProviderSlugReserved',
      data: { slug: 'acme-health', providerId: 'id-2' },
    });
    const events = await store.readStream('provider-id-2');
    expect(events.map((e) => e.type)).toEqual([
      'ProviderListed',
      'VialScoreRecomputed',
      'ProviderFeatured',
    ]);
    for (const e of events) {
      expect(e.metadata).toMatchObject({
        occurredAt: NOW.toISOString(),
        actor: ADMIN,
        correlationId: 'req-1',
        causationId: 'id-1',
        schemaVersion: 1,
      });
      expect(e.metadata.eventId).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(new Set(events.map((e) => e.metadata.eventId)).size).toBe(3);
  });

  it('uses the caller causation id when given', async () => {
    const b = bus();
    await b.dispatch(
      { type: 'ListProvider', providerId: 'p', details: acme },
      { ...CTX, causationId: 'job-7' },
    );
    expect((await store.readStream('provider-p'))[0]?.metadata.causationId).toBe('job-7');
  });

  it('a command that changes nothing appends nothing and answers the current revision and head', async () => {
    const b = bus();
    const listed = await b.dispatch({ type: 'ListProvider', providerId: 'p', details: acme }, CTX);
    const again = await b.dispatch(
      { type: 'ChangeProviderDetails', providerId: 'p', details: acme },
      CTX,
    );
    expect(again).toEqual({ id: 'p', revision: listed.revision, position: listed.position });
  });

  it('domain refusals are typed errors with the spec messages', async () => {
    const b = bus();
    const attempt = b.dispatch({ type: 'RemoveProvider', providerId: 'ghost' }, CTX);
    await expect(attempt).rejects.toBeInstanceOf(DecisionError);
    await expect(attempt).rejects.toMatchObject({ code: 'provider_not_found' });
    await expect(attempt).rejects.toThrow('Provider not found');
    await attempt.catch((e: unknown) => expect(e instanceof DecisionError).toBe(true));
  });
});

describe('conflicts', () => {
  /** A store whose next append fails once with a conflict, as if someone wrote first. */
  function conflictingOnce(inner: EventStore): EventStore & { appends: number } {
    let armed = true;
    const wrapper = {
      appends: 0,
      append: async (...args: Parameters<EventStore['append']>) => {
        wrapper.appends++;
        if (armed) {
          armed = false;
          throw new ConcurrencyError(args[0], args[2], 0);
        }
        return inner.append(...args);
      },
      appendMany: async (appends: Parameters<EventStore['appendMany']>[0]) => {
        wrapper.appends++;
        const first = appends[0];
        if (armed && first) {
          armed = false;
          throw new ConcurrencyError(first.streamId, first.expected, 0);
        }
        return inner.appendMany(appends);
      },
      readStream: (id: string) => inner.readStream(id),
      readAll: (o?: Parameters<EventStore['readAll']>[0]) => inner.readAll(o),
      subscribeToAll: (o: Parameters<EventStore['subscribeToAll']>[0]) => inner.subscribeToAll(o),
      headPosition: () => inner.headPosition(),
      storeId: () => inner.storeId(),
      countAfter: (after: bigint, max: number) => inner.countAfter(after, max),
      close: () => inner.close(),
    };
    return wrapper;
  }

  it('a safe command is decided again once after a conflict', async () => {
    const inner = new SqliteEventStore(':memory:');
    const flaky = conflictingOnce(inner);
    const b = appCommandBus(flaky, { now: () => NOW });
    await b.dispatch({ type: 'ListProvider', providerId: 'p', details: acme }, CTX);
    expect(flaky.appends).toBe(2);
    expect(await inner.readStream('provider-p')).toHaveLength(3);
    await inner.close();
  });

  it('a command with expectedRevision is never retried', async () => {
    const inner = new SqliteEventStore(':memory:');
    const b0 = appCommandBus(inner, { now: () => NOW });
    await b0.dispatch({ type: 'ListProvider', providerId: 'p', details: acme }, CTX);
    const flaky = conflictingOnce(inner);
    const b = appCommandBus(flaky, { now: () => NOW });
    const attempt = b.dispatch(
      {
        type: 'ChangeProviderDetails',
        providerId: 'p',
        details: { ...acme, name: 'X' },
        expectedRevision: 2,
      },
      CTX,
    );
    await expect(attempt).rejects.toBeInstanceOf(ConcurrencyError);
    expect(flaky.appends).toBe(1);
    await inner.close();
  });

  it('a revision the stream never had is refused before deciding, even when nothing would change', async () => {
    const b = bus();
    await b.dispatch({ type: 'ListProvider', providerId: 'p', details: acme }, CTX);
    await expect(
      b.dispatch(
        { type: 'ChangeProviderDetails', providerId: 'p', details: acme, expectedRevision: 7 },
        CTX,
      ),
    ).rejects.toBeInstanceOf(ConcurrencyError);
  });
});

describe('provider slugs', () => {
  const holder = async (slug: string) =>
    fold(
      providerSlugDecider,
      (await store.readStream(providerSlugStreamId(slug))) as unknown as ProviderSlugEvent[],
    ).reservedBy;

  it('a rename moves the reservation to the new slug and frees the old one', async () => {
    const b = bus();
    await b.dispatch({ type: 'ListProvider', providerId: 'p', details: acme }, CTX);
    await b.dispatch(
      { type: 'ChangeProviderDetails', providerId: 'p', details: { ...acme, name: 'Zen Rx' } },
      CTX,
    );
    expect(await holder('zen-rx')).toBe('p');
    expect(await holder('acme-health')).toBeNull();
    await b.dispatch({ type: 'ListProvider', providerId: 'q', details: acme }, CTX);
    expect(await holder('acme-health')).toBe('q');
  });

  it('a rename to a slug another provider holds is refused naming it, writing nothing', async () => {
    const b = bus();
    await b.dispatch({ type: 'ListProvider', providerId: 'p', details: acme }, CTX);
    await b.dispatch(
      { type: 'ListProvider', providerId: 'q', details: { ...acme, name: 'Zen' } },
      CTX,
    );
    const head = await store.headPosition();
    await expect(
      b.dispatch(
        {
          type: 'ChangeProviderDetails',
          providerId: 'q',
          details: { ...acme, name: 'ACME health' },
        },
        CTX,
      ),
    ).rejects.toMatchObject({ message: "A provider with the slug 'acme-health' already exists." });
    expect(await store.headPosition()).toBe(head);
  });

  it('a removal frees the slug; a restore takes it again, or is refused when another took it', async () => {
    const b = bus();
    await b.dispatch({ type: 'ListProvider', providerId: 'p', details: acme }, CTX);
    await b.dispatch({ type: 'RemoveProvider', providerId: 'p' }, CTX);
    expect(await holder('acme-health')).toBeNull();
    await b.dispatch({ type: 'RestoreProvider', providerId: 'p' }, CTX);
    expect(await holder('acme-health')).toBe('p');

    await b.dispatch({ type: 'RemoveProvider', providerId: 'p' }, CTX);
    await b.dispatch({ type: 'ListProvider', providerId: 'q', details: acme }, CTX);
    await expect(
      b.dispatch({ type: 'RestoreProvider', providerId: 'p' }, CTX),
    ).rejects.toMatchObject({ code: 'provider_slug_taken' });
    expect(await holder('acme-health')).toBe('q');
  });

  it('a provider listed before reservations existed can be renamed and removed (nothing to release)', async () => {
    const b = bus();
    // The old log: the provider's events alone, no reservation stream.
    await store.append(
      'provider-old',
      [
        {
          type: 'ProviderListed',
          data: {
            providerId: 'old',
            details: { ...acme, featured: false },
            prices: { semaglutide: {}, tirzepatide: {} },
          },
          metadata: {
            eventId: 'e-1',
            occurredAt: NOW.toISOString(),
            actor: ADMIN,
            correlationId: 'c',
            causationId: 'c',
            schemaVersion: 1,
          },
        },
      ],
      'no_stream',
    );
    await b.dispatch(
      { type: 'ChangeProviderDetails', providerId: 'old', details: { ...acme, name: 'Renamed' } },
      CTX,
    );
    expect(await holder('renamed')).toBe('old');
    expect(await store.readStream(providerSlugStreamId('acme-health'))).toEqual([]);
    await b.dispatch({ type: 'RemoveProvider', providerId: 'old' }, CTX);
    expect(await holder('renamed')).toBeNull();
  });
});

describe('administrators', () => {
  const register = {
    type: 'RegisterAdmin',
    email: 'Ops@Example.com',
    passwordHash: 'scrypt$1',
  } as const;

  it('registers one administrator per e-mail, whatever its case', async () => {
    const b = bus();
    const first = await b.dispatch(register, CTX);
    expect(await store.readStream(adminStreamId('ops@example.com'))).toEqual([
      expect.objectContaining({
        type: 'AdminRegistered',
        data: { adminId: first.id, email: 'ops@example.com', passwordHash: 'scrypt$1' },
      }),
    ]);
    await expect(b.dispatch({ ...register, email: 'OPS@example.com' }, CTX)).rejects.toThrow(
      'An administrator with this email already exists',
    );
  });

  it('changes the password and deactivates by e-mail, answering the admin id', async () => {
    const b = bus();
    const { id } = await b.dispatch(register, CTX);
    const changed = await b.dispatch(
      { type: 'ChangeAdminPassword', email: 'ops@example.com', passwordHash: 'scrypt$2' },
      CTX,
    );
    const off = await b.dispatch({ type: 'DeactivateAdmin', email: 'ops@example.com' }, CTX);
    expect([changed.id, off.id]).toEqual([id, id]);
    expect((await store.readStream(adminStreamId('ops@example.com'))).map((e) => e.type)).toEqual([
      'AdminRegistered',
      'AdminPasswordChanged',
      'AdminDeactivated',
    ]);
  });

  it('rejects a malformed e-mail with the spec message', async () => {
    await expect(bus().dispatch({ ...register, email: 'not-an-email' }, CTX)).rejects.toMatchObject(
      {
        fields: { email: 'Please enter a valid email address.' },
      },
    );
  });
});

describe('one-time setup', () => {
  const token = 'a-long-random-setup-token-0123456789';
  const issue = {
    type: 'IssueAdminSetupToken',
    token,
    expiresAt: '2025-03-15T10:00:00.000Z',
  } as const;
  const complete = {
    type: 'CompleteAdminSetup',
    token,
    email: 'first@example.com',
    passwordHash: 'scrypt$f',
  } as const;

  it('stores only the token hash, completes once, and registers the first administrator', async () => {
    const b = bus();
    await b.dispatch(issue, CTX);
    const [issued] = await store.readStream('admin-setup');
    expect(issued?.data).toEqual({ tokenHash: hashSetupToken(token), expiresAt: issue.expiresAt });
    expect(JSON.stringify({ ...issued, position: String(issued?.position) })).not.toContain(token);

    const result = await b.dispatch(complete, CTX);
    expect(await store.readStream(adminStreamId('first@example.com'))).toEqual([
      expect.objectContaining({
        type: 'AdminRegistered',
        data: expect.objectContaining({ adminId: result.id }),
      }),
    ]);
    const again = b.dispatch({ ...complete, email: 'second@example.com' }, CTX);
    await expect(again).rejects.toBeInstanceOf(DecisionError);
    await expect(again).rejects.toMatchObject({ code: 'setup_completed' });
    await expect(again).rejects.toThrow('Administrator setup has already been completed');
    expect(await store.readStream(adminStreamId('second@example.com'))).toEqual([]);
  });

  it.each([
    ['a wrong token', { ...complete, token: 'x'.repeat(32) }, NOW, 'This setup link is not valid'],
    [
      'an expired token',
      complete,
      new Date('2025-03-16T00:00:00.000Z'),
      'This setup link has expired',
    ],
  ])('refuses %s and writes nothing', async (_case, command, at, message) => {
    const b0 = bus({ now: NOW });
    await b0.dispatch(issue, CTX);
    const b = appCommandBus(store, { now: () => at });
    await expect(b.dispatch(command, CTX)).rejects.toThrow(message);
    expect(await store.headPosition()).toBe(1n);
  });

  it('refuses when the e-mail already has an account, without using up the link', async () => {
    const b = bus();
    await b.dispatch({ type: 'RegisterAdmin', email: complete.email, passwordHash: 'h' }, CTX);
    await b.dispatch(issue, CTX);
    await expect(b.dispatch(complete, CTX)).rejects.toThrow(
      'An administrator with this email already exists',
    );
    expect((await store.readStream('admin-setup')).map((e) => e.type)).toEqual([
      'AdminSetupTokenIssued',
    ]);
  });
});

describe('demo seed', () => {
  it('lists five fictional providers, four featured, by the system actor, once', async () => {
    const b = bus();
    expect(await seedDemoContent(b)).toBe(5);
    const events = await store.readAll();
    const listed = events.filter((e) => e.type === 'ProviderListed');
    expect(listed).toHaveLength(5);
    expect(events.filter((e) => e.type === 'ProviderFeatured')).toHaveLength(4);
    for (const e of listed) {
      expect(e.metadata.actor).toEqual({ kind: 'system', id: 'seed' });
      expect((e.data as { details: { description: string } }).details.description).toMatch(
        /^Demo listing:/,
      );
    }
    expect(await seedDemoContent(b)).toBe(0);
    expect(await store.readAll()).toHaveLength(events.length);
  });

  it('several processes seeding an empty store at once list each demo provider once', async () => {
    // Three buses over one store stand in for three api processes starting together.
    const first = bus();
    const shared = { eventStore: store };
    const counts = await Promise.all([
      seedDemoContent(first),
      seedDemoContent(bus(shared)),
      seedDemoContent(bus(shared)),
    ]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(5);
    const listed = (await store.readAll()).filter((e) => e.type === 'ProviderListed');
    expect(listed.map((e) => e.streamId).sort()).toEqual(
      [1, 2, 3, 4, 5].map((n) => `provider-demo-provider-${n}`),
    );
  });

  it('does nothing once any provider was listed', async () => {
    const b = bus();
    await b.dispatch(
      { type: 'IssueAdminSetupToken', token: 'x'.repeat(20), expiresAt: NOW.toISOString() },
      CTX,
    );
    await b.dispatch({ type: 'ListProvider', details: acme }, CTX);
    expect(await seedDemoContent(b)).toBe(0);
    expect(DEMO_PROVIDERS.every((p) => p.details.websiteUrl?.endsWith('.example'))).toBe(true);
  });
});
