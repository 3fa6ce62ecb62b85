/**
 * Contact messages' read state over HTTP, on the app started for real: a new message is
 * unread and counted on the dashboard; marking it read (what opening it does) takes it off,
 * 'Mark as unread' puts it back; a malformed id is a 400 naming the problem, an unknown one a
 * 404; without a session, 401.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACK_OFFICE_PATHS, type AuditEntryView } from '../../../api/contracts/back-office';
import {
  CONTACT_MESSAGE_ID_PROBLEM,
  CONTACT_PATHS,
  CONTACT_UNREAD_COUNTER,
  type ContactMessageView,
} from '../../../api/contact/contracts';
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

describe('Given two contact messages and a signed-in administrator', () => {
  let server: TestServer;
  let session: AdminSession;
  let first: ContactMessageView;

  const inbox = async () => {
    const response = await request(server.base, CONTACT_PATHS.adminMessages, { session });
    expect(response.status).toBe(200);
    return (await response.json()) as ContactMessageView[];
  };
  const unread = async () => {
    const response = await request(server.base, BACK_OFFICE_PATHS.dashboard, { session });
    return ((await response.json()) as Record<string, number>)[CONTACT_UNREAD_COUNTER];
  };
  const post = (path: string, as: AdminSession | null = session) =>
    request(server.base, path, { method: 'POST', ...(as ? { session: as } : {}) });

  beforeAll(async () => {
    server = await startTestServer({ prefix: 'vial-contact-read-' });
    await registerAdmin(server.backend, EMAIL, PASSWORD);
    session = await signIn(server.base, EMAIL, PASSWORD);
    for (const name of ['Ann Visitor', 'Bo Reader']) {
      const sent = await request(server.base, CONTACT_PATHS.send, {
        json: { name, email: 'v@example.com', topic: 'other', message: 'Hello, a question.' },
      });
      expect(sent.status).toBe(201);
    }
    [first] = (await inbox()).filter((m) => m.name === 'Ann Visitor') as [ContactMessageView];
  });

  afterAll(async () => {
    await server?.close();
  });

  it('then both are unread and the dashboard counts 2 unread messages', async () => {
    expect((await inbox()).map((m) => m.read)).toEqual([false, false]);
    expect(await unread()).toBe(2);
  });

  it('When one is marked read, then it reads as read, the count is 1 and the audit log names who', async () => {
    const response = await post(CONTACT_PATHS.adminRead(first._id));
    expect(response.status).toBe(200);
    expect((await inbox()).find((m) => m._id === first._id)?.read).toBe(true);
    expect(await unread()).toBe(1);
    const audit = await request(server.base, `${BACK_OFFICE_PATHS.audit}?subjectId=${first._id}`, {
      session,
    });
    const entries = (await audit.json()) as AuditEntryView[];
    expect(entries[0]).toMatchObject({
      summary: 'Marked the contact message from Ann Visitor as read',
      actor: expect.objectContaining({ email: EMAIL }),
    });
  });

  it('When it is opened again (marked read twice), then nothing changes', async () => {
    expect((await post(CONTACT_PATHS.adminRead(first._id))).status).toBe(200);
    expect(await unread()).toBe(1);
  });

  it('When it is marked unread, then the count is back to 2', async () => {
    expect((await post(CONTACT_PATHS.adminUnread(first._id))).status).toBe(200);
    expect((await inbox()).find((m) => m._id === first._id)?.read).toBe(false);
    expect(await unread()).toBe(2);
  });

  it.each([
    [
      'an id no message has',
      CONTACT_PATHS.adminRead('no-such-message'),
      404,
      'Contact message not found',
    ],
    [
      'an unknown id (unread)',
      CONTACT_PATHS.adminUnread('no-such-message'),
      404,
      'Contact message not found',
    ],
    ['a malformed id', CONTACT_PATHS.adminRead('bad id!'), 400, CONTACT_MESSAGE_ID_PROBLEM],
    [
      'an id over 64 characters',
      CONTACT_PATHS.adminUnread('x'.repeat(65)),
      400,
      CONTACT_MESSAGE_ID_PROBLEM,
    ],
  ])('When %s is sent (%s), then %i naming the problem', async (_, path, status, error) => {
    const response = await post(path);
    expect(response.status).toBe(status);
    expect(await response.json()).toMatchObject({ error });
    expect(await unread()).toBe(2);
  });

  it('When no one is signed in, then 401 and nothing changes', async () => {
    const response = await post(CONTACT_PATHS.adminRead(first._id), null);
    expect(response.status).toBe(401);
    expect(await unread()).toBe(2);
  });
});
