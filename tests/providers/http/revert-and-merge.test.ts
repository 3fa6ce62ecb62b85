/**
 * 'Revert this change' and the merge of concurrent edits over HTTP (issue 27), on the app
 * started for real: two administrators, one provider, the audit log naming the revert.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntryView, AuditPageView } from '../../../api/contracts/back-office';
import type { ApiErrorBody, CommandResult } from '../../../api/contracts/http';
import { PROVIDER_PATHS, type AdminProviderView } from '../../../api/providers/contracts';
import type { ProviderDetailsInput } from '../../../domain/providers/provider';
import {
  registerAdmin,
  request,
  signIn,
  startTestServer,
  type AdminSession,
  type TestServer,
} from '../../support/http-server';

const PASSWORD = 'a long test password 1';
const details: ProviderDetailsInput = {
  name: 'Merge Clinic',
  websiteUrl: 'https://merge.example',
  description: 'Before.',
  states: ['CA'],
  medications: ['Semaglutide'],
  trustpilotScore: 4,
  googleScore: 4,
  featured: false,
};

describe('Given two administrators and a provider', () => {
  let server: TestServer;
  let ann: AdminSession;
  let bob: AdminSession;
  let id: string;

  const provider = async () => {
    const response = await request(server.base, PROVIDER_PATHS.adminOne(id), { session: ann });
    return (await response.json()) as AdminProviderView;
  };
  const put = (session: AdminSession, patch: Partial<ProviderDetailsInput>, revision: number) =>
    request(server.base, PROVIDER_PATHS.adminOne(id), {
      session,
      method: 'PUT',
      json: { details: { ...details, ...patch }, expectedRevision: revision },
    });
  const audit = async (): Promise<AuditEntryView[]> => {
    const response = await request(server.base, `/api/admin/audit/page?subjectId=${id}`, {
      session: ann,
    });
    return ((await response.json()) as AuditPageView).entries;
  };

  beforeAll(async () => {
    server = await startTestServer({ prefix: 'vial-revert-merge-' });
    await registerAdmin(server.backend, 'ann@example.com', PASSWORD);
    await registerAdmin(server.backend, 'bob@example.com', PASSWORD);
    ann = await signIn(server.base, 'ann@example.com', PASSWORD);
    bob = await signIn(server.base, 'bob@example.com', PASSWORD);
    const created = await request(server.base, PROVIDER_PATHS.admin, {
      session: ann,
      json: details,
    });
    expect(created.status).toBe(201);
    id = ((await created.json()) as CommandResult).id;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('When Ann changes the website URL and Bob reverts it from the audit log, then it is back and the log names the change', async () => {
    const opened = (await provider()).revision;
    expect((await put(ann, { websiteUrl: 'https://merge.example/new' }, opened)).status).toBe(200);
    const change = (await audit()).find((e) => e.changedFields.includes('websiteUrl'));
    expect(change?.changes).toContainEqual({
      field: 'websiteUrl',
      before: 'https://merge.example',
      after: 'https://merge.example/new',
    });
    const reverted = await request(server.base, PROVIDER_PATHS.adminRevert(id), {
      session: bob,
      json: { position: change?.position, field: 'websiteUrl' },
    });
    expect(reverted.status).toBe(200);
    expect((await provider()).websiteUrl).toBe('https://merge.example');
    const [latest] = await audit();
    expect(latest?.actor.email).toBe('bob@example.com');
    expect(latest?.summary).toMatch(
      /^Reverted "Website URL" \(change of [A-Z][a-z]{2} \d{1,2} by ann@example\.com\)$/,
    );
  });

  it('When a change is reverted a second time, then it answers 409 saying the value changed again', async () => {
    const change = (await audit()).find(
      (e) => e.changedFields.includes('websiteUrl') && e.actor.email === 'ann@example.com',
    );
    const again = await request(server.base, PROVIDER_PATHS.adminRevert(id), {
      session: bob,
      json: { position: change?.position, field: 'websiteUrl' },
    });
    expect(again.status).toBe(409);
    expect(((await again.json()) as ApiErrorBody).error).toMatch(
      /^The website URL was changed again on [A-Z][a-z]{2} \d{1,2}: revert that change first, or edit the provider\.$/,
    );
  });

  it.each([
    { body: {}, field: 'position', message: 'position must name the change to revert' },
    {
      body: { position: '12x', field: 'name' },
      field: 'position',
      message: 'position must name the change to revert',
    },
    { body: { position: '1' }, field: 'field', message: 'field must name the field to revert' },
  ])('When a revert names no change ($body), then 400 names the field', async (row) => {
    const response = await request(server.base, PROVIDER_PATHS.adminRevert(id), {
      session: ann,
      json: row.body,
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as ApiErrorBody).fields?.[row.field]).toBe(row.message);
  });

  it('When a revert names a position not in the provider’s history, then 404', async () => {
    const response = await request(server.base, PROVIDER_PATHS.adminRevert(id), {
      session: ann,
      json: { position: '999999', field: 'name' },
    });
    expect(response.status).toBe(404);
    expect(((await response.json()) as ApiErrorBody).error).toBe(
      'This change is not in the history of this provider.',
    );
  });

  it('When both open the provider and save different fields, then both saves land', async () => {
    const opened = (await provider()).revision;
    expect((await put(ann, { description: 'Ann’s.' }, opened)).status).toBe(200);
    expect((await put(bob, { googleScore: 3.5 }, opened)).status).toBe(200);
    const now = await provider();
    expect(now.description).toBe('Ann’s.');
    expect(now.googleScore).toBe(3.5);
  });

  it('When both save the same field, then the second gets 409 with both values, and keeping mine saves it', async () => {
    const opened = (await provider()).revision;
    const base = { description: 'Ann’s.', googleScore: 3.5 };
    expect((await put(ann, { ...base, trustpilotScore: 4.8 }, opened)).status).toBe(200);
    const refused = await put(bob, { ...base, trustpilotScore: 2.1 }, opened);
    expect(refused.status).toBe(409);
    const body = (await refused.json()) as ApiErrorBody;
    expect(body.conflicts).toEqual([
      { field: 'trustpilotScore', label: 'Trustpilot score', yours: 2.1, theirs: 4.8 },
    ]);
    expect((await provider()).trustpilotScore).toBe(4.8);
    const kept = await request(server.base, PROVIDER_PATHS.adminOne(id), {
      session: bob,
      method: 'PUT',
      json: {
        details: { ...details, ...base, trustpilotScore: 2.1 },
        expectedRevision: opened,
        keepMine: ['trustpilotScore'],
      },
    });
    expect(kept.status).toBe(200);
    expect((await provider()).trustpilotScore).toBe(2.1);
  });
});
