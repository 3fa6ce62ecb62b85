/**
 * One provider per address (/providers/{slug}) over HTTP: identical creates racing without an
 * id or Idempotency-Key list one provider, the others are refused naming the slug; a provider
 * listed before slug reservations existed (no reservation stream) still holds its slug.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminProviderView } from '../../../api/providers/contracts';
import {
  providerDetailsSchema,
  type ProviderDetailsInput,
} from '../../../domain/providers/provider';
import {
  registerAdmin,
  request,
  signIn,
  startTestServer,
  type AdminSession,
  type TestServer,
} from '../../support/http-server';

const EMAIL = 'ops@example.com';
const PASSWORD = 'a long test password 1';

const details = (name: string): ProviderDetailsInput => ({
  name,
  websiteUrl: 'https://slug.example',
  states: ['CA'],
  medications: ['Semaglutide'],
});

describe('Given an administrator', () => {
  let server: TestServer;
  let session: AdminSession;

  beforeAll(async () => {
    server = await startTestServer({ prefix: 'vial-provider-slug-' });
    await registerAdmin(server.backend, EMAIL, PASSWORD);
    session = await signIn(server.base, EMAIL, PASSWORD);
  });
  afterAll(async () => {
    await server?.close();
  });

  const create = (name: string) =>
    request(server.base, '/api/admin/providers', { json: details(name), session });

  it('When ten identical creates without an id race, Then exactly one is 201 and nine are 409 naming the slug', async () => {
    const responses = await Promise.all(Array.from({ length: 10 }, () => create('Twin Clinic')));

    const statuses = responses.map((r) => r.status).sort();
    expect(statuses).toEqual([201, ...Array<number>(9).fill(409)]);
    for (const response of responses.filter((r) => r.status === 409)) {
      expect(await response.json()).toEqual({
        error: "A provider with the slug 'twin-clinic' already exists.",
      });
    }
    const list = await request(server.base, '/api/admin/providers?q=twin', { session });
    expect(((await list.json()) as AdminProviderView[]).map((p) => p.name)).toEqual([
      'Twin Clinic',
    ]);
  });

  it('When a provider listed before slug reservations existed has the slug, Then a create with its name is 409, and so is a rename to it', async () => {
    const { eventStore } = server.backend;
    const metadata = {
      eventId: 'legacy-1',
      occurredAt: new Date().toISOString(),
      actor: { kind: 'system' as const, id: 'system' },
      correlationId: 'legacy',
      causationId: 'legacy',
      schemaVersion: 1,
    };
    // The old log: the provider's events alone, no reservation stream.
    const { position } = await eventStore.append(
      'provider-legacy',
      [
        {
          type: 'ProviderListed',
          data: {
            providerId: 'legacy',
            details: providerDetailsSchema.parse(details('Old Timer')),
            prices: { semaglutide: {}, tirzepatide: {} },
          },
          metadata,
        },
      ],
      'no_stream',
    );
    expect(await server.backend.waitForProjections(position.toString())).toBe(true);

    const again = await create('Old  Timer');
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({
      error: "A provider with the slug 'old-timer' already exists.",
    });

    const other = await create('Young Timer');
    expect(other.status).toBe(201);
    const { id, revision } = (await other.json()) as { id: string; revision: number };
    const rename = await request(server.base, `/api/admin/providers/${id}`, {
      method: 'PUT',
      json: { details: details('Old Timer'), expectedRevision: revision },
      session,
    });
    expect(rename.status).toBe(409);
    expect(await rename.json()).toEqual({
      error: "A provider with the slug 'old-timer' already exists.",
    });
  });
});
