/**
 * Invitations by e-mail, against a real SMTP server started here (the smtp-server package, as
 * tests/platform/worker/mail.test.ts does), with the app started for real:
 * - with SMTP_URL, the invitee receives the link the inviter was shown, the role and the expiry;
 * - a second invitation to the same address replaces the first: the first link then answers
 *   410 saying so, the second one makes the account with its role;
 * - without SMTP_URL the answer says nothing is mailed, and the link still works.
 */
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import type {
  AdminUsersView,
  InvitationCheck,
  InvitationCreated,
} from '../../../api/admins/contracts';
import { ADMIN_ERROR_MESSAGES } from '../../../domain/admins/decider';
import { createLogger } from '../../../workers/bootstrap/logger';
import { startJobs } from '../../../workers/jobs';
import { mailOutboxTickJob, mailSendJob } from '../../../workers/notifications';
import { mailDateTime } from '../../../workers/admins/mails';
import {
  registerAdmin,
  request,
  signIn,
  startTestServer,
  type AdminSession,
  type TestServer,
} from '../../support/http-server';

interface Received {
  to: string[];
  raw: string;
}

async function startMailServer() {
  const received: Received[] = [];
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
  return {
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Headers unfolded, quoted-printable soft breaks joined: what a reader's mail program shows. */
const readable = (raw: string) =>
  raw
    .replace(/\r\n[ \t]+/g, ' ')
    .replace(/=\r\n/g, '')
    .replace(/=3D/g, '=');

async function until<T>(check: () => T | undefined | false, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const OWNER = 'owner@example.com';
// Made per run: no password ships in the tests.
const PASSWORD = `test ${randomUUID()}`;
const INVITED_PASSWORD = `invited ${randomUUID()}`;
const INVITEE = 'new.person@example.com';
const tokenOf = (url: string) => new URL(url).searchParams.get('token') ?? '';

let site: TestServer | null = null;
let mail: Awaited<ReturnType<typeof startMailServer>> | null = null;
afterEach(async () => {
  await site?.close();
  await mail?.close();
  site = null;
  mail = null;
});

async function startSite(
  smtpUrl: string | null,
): Promise<{ site: TestServer; owner: AdminSession }> {
  const server = await startTestServer({
    prefix: 'vial-invite-mail-',
    env: { MAIL_FROM: 'team@vialcompare.example', ...(smtpUrl ? { SMTP_URL: smtpUrl } : {}) },
  });
  // Only the mail jobs (the Reddit schedules would reach for the network).
  await startJobs(
    server.backend.queue,
    [mailOutboxTickJob, mailSendJob],
    server.backend,
    createLogger({ level: 'error' }),
  );
  await registerAdmin(server.backend, OWNER, PASSWORD);
  return { site: server, owner: await signIn(server.base, OWNER, PASSWORD) };
}

const invite = async (base: string, session: AdminSession, role: 'administrator' | 'editor') => {
  const response = await request(base, '/api/admin/users/invitations', {
    session,
    json: { email: INVITEE, role },
  });
  expect(response.status).toBe(201);
  return (await response.json()) as InvitationCreated;
};

describe('invitations by e-mail', () => {
  it('mails the link shown once, with the role and the expiry; a second invitation replaces the first', async () => {
    mail = await startMailServer();
    const started = await startSite(mail.url);
    site = started.site;
    const { base } = site;

    const first = await invite(base, started.owner, 'editor');
    expect(first).toMatchObject({ role: 'editor', mailed: true, replaced: 0 });
    const firstMail = await until(() => mail!.received[0]);
    expect(firstMail.to).toEqual([INVITEE]);
    const text = readable(firstMail.raw);
    expect(text).toMatch(/Subject: Your invitation to the VialCompare back office as an editor/);
    expect(text).toContain(first.link);
    expect(text).toContain(`until ${mailDateTime(first.expiresAt)} (3 days after it was sent)`);
    expect(text).toContain(`${OWNER} has invited you`);

    // Invited again (now as an administrator): the first link stops working.
    const second = await invite(base, started.owner, 'administrator');
    expect(second).toMatchObject({ role: 'administrator', mailed: true, replaced: 1 });
    expect(second.link).not.toBe(first.link);
    const secondMail = await until(() => mail!.received[1]);
    expect(readable(secondMail.raw)).toContain(second.link);

    const list = (await (
      await request(base, '/api/admin/users', { session: started.owner })
    ).json()) as AdminUsersView;
    expect(list.invitations.map((i) => [i.email, i.role])).toEqual([[INVITEE, 'administrator']]);
    expect(list.invitationsMailed).toBe(true);

    const check = await request(base, `/api/admin/invitation?token=${tokenOf(first.link)}`);
    expect((await check.json()) as InvitationCheck).toEqual({
      valid: false,
      reason: ADMIN_ERROR_MESSAGES.invitation_replaced,
    });
    const refused = await request(base, '/api/admin/invitation', {
      json: { token: tokenOf(first.link), password: INVITED_PASSWORD },
    });
    expect(refused.status).toBe(410);
    expect(((await refused.json()) as { error: string }).error).toBe(
      ADMIN_ERROR_MESSAGES.invitation_replaced,
    );

    const accepted = await request(base, '/api/admin/invitation', {
      json: { token: tokenOf(second.link), password: INVITED_PASSWORD },
    });
    expect(accepted.status).toBe(201);
    expect(((await accepted.json()) as { user: { role: string } }).user.role).toBe('administrator');
    const audit = JSON.stringify(
      await (await request(base, '/api/admin/audit', { session: started.owner })).json(),
    );
    expect(audit).toContain(`Invited ${INVITEE} to become an editor`);
    expect(audit).toContain(`Replaced the invitation of ${INVITEE}`);
    // Nothing else is mailed.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(mail.received).toHaveLength(2);
  }, 40_000);

  it('without SMTP_URL says nothing is mailed, and the link shown still works for its role', async () => {
    const started = await startSite(null);
    site = started.site;
    const created = await invite(site.base, started.owner, 'editor');
    expect(created).toMatchObject({ mailed: false, role: 'editor' });
    const list = (await (
      await request(site.base, '/api/admin/users', { session: started.owner })
    ).json()) as AdminUsersView;
    expect(list.invitationsMailed).toBe(false);
    const check = await request(site.base, `/api/admin/invitation?token=${tokenOf(created.link)}`);
    expect((await check.json()) as InvitationCheck).toEqual({
      valid: true,
      email: INVITEE,
      role: 'editor',
    });
    const accepted = await request(site.base, '/api/admin/invitation', {
      json: { token: tokenOf(created.link), password: INVITED_PASSWORD },
    });
    expect(((await accepted.json()) as { user: { role: string } }).user.role).toBe('editor');
  }, 30_000);
});
