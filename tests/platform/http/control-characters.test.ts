/**
 * Control characters over HTTP (issue 23): each public form and the admin's add-provider form
 * answer a NUL, ESC, a right-to-left override or a line break in a one-line field with a 400
 * that names the field (the no-JavaScript forms: a redirect naming it), write nothing, and
 * accept line breaks in a multi-line field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_MESSAGES } from '../../../api/contact/contracts';
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

const contact = {
  name: 'Ann Lee',
  email: 'ann@example.com',
  topic: 'other',
  message: 'A message long enough.',
};
const submission = {
  providerName: 'Northwind',
  website: 'northwind.example',
  contactEmail: 'hello@northwind.example',
  description: 'Telehealth GLP-1 programme.',
  agreedToTerms: true,
  elapsedMs: 20_000,
};
const provider = { name: 'Acme Health', websiteUrl: 'https://acme.example' };

interface Row {
  when: string;
  path: string;
  json: Record<string, unknown>;
  admin?: boolean;
  body: { error: string; fields: Record<string, string> };
}

// The contact route counts every request against its limit (CONTACT_LIMIT, 5 an hour): this
// file sends exactly five.
const rows: Row[] = [
  {
    when: 'the contact form has a NUL in the name',
    path: '/api/contact-messages',
    json: { ...contact, name: 'Ann\u0000Lee' },
    body: {
      error: CONTACT_MESSAGES.invalid,
      fields: { name: 'Name contains a control character' },
    },
  },
  {
    when: 'the contact form has a line break in the name',
    path: '/api/contact-messages',
    json: { ...contact, name: 'Ann\r\nLee' },
    body: { error: CONTACT_MESSAGES.invalid, fields: { name: 'Name must be a single line' } },
  },
  {
    when: 'the contact form has an ESC in the message',
    path: '/api/contact-messages',
    json: { ...contact, message: 'A message \u001b[31mlong enough.' },
    body: {
      error: CONTACT_MESSAGES.invalid,
      fields: { message: 'Message contains a control character' },
    },
  },
  {
    when: 'a submission has a right-to-left override in the provider name',
    path: '/api/provider-submissions',
    json: { ...submission, providerName: 'North\u202ewind' },
    body: {
      error: 'Provider name contains a control character',
      fields: { providerName: 'Provider name contains a control character' },
    },
  },
  {
    when: 'a submission has a line break in the phone number',
    path: '/api/provider-submissions',
    json: { ...submission, phoneNumber: '555\n0100' },
    body: {
      error: 'Phone number must be a single line',
      fields: { phoneNumber: 'Phone number must be a single line' },
    },
  },
  {
    when: 'the admin adds a provider with a NUL in the name',
    path: '/api/admin/providers',
    json: { ...provider, name: 'Acme\u0000Health' },
    admin: true,
    body: {
      error: 'Name contains a control character',
      fields: { name: 'Name contains a control character' },
    },
  },
  {
    when: 'the admin adds a provider with a BEL in an offer code',
    path: '/api/admin/providers',
    json: { ...provider, card: { offerCode: 'SAVE\u000720' } },
    admin: true,
    body: {
      error: 'Offer code contains a control character',
      fields: { 'card.offerCode': 'Offer code contains a control character' },
    },
  },
];

describe('Given the public forms and a signed-in administrator', () => {
  let server: TestServer;
  let session: AdminSession;
  const head = () => server.backend.eventStore.headPosition();

  beforeAll(async () => {
    server = await startTestServer({ prefix: 'vial-control-chars-' });
    await registerAdmin(server.backend, EMAIL, PASSWORD);
    session = await signIn(server.base, EMAIL, PASSWORD);
  });

  afterAll(async () => {
    await server?.close();
  });

  it.each(rows)(
    'When $when, then it answers 400 naming the field and writes nothing',
    async (row) => {
      const before = await head();
      const response = await request(server.base, row.path, {
        json: row.json,
        ...(row.admin ? { session } : {}),
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual(row.body);
      expect(await head()).toBe(before);
    },
  );

  it.each([
    [
      'the contact message',
      '/api/contact-messages',
      { ...contact, message: 'Hello,\r\nA question.\n\tThanks' },
    ],
    [
      'the submission description',
      '/api/provider-submissions',
      { ...submission, description: 'Line one.\nLine two.' },
    ],
  ])('When %s spans lines, then it is accepted', async (_, path, json) => {
    const response = await request(server.base, path, { json });
    expect(response.status).toBe(201);
  });

  it.each([
    [
      '/contact',
      'name=Ann%00Lee&email=ann%40example.com&topic=other&message=A+message+long+enough.',
      'name',
    ],
    [
      '/add-provider',
      'providerName=North%1Bwind&website=northwind.example&contactEmail=hello%40northwind.example&agreedToTerms=on&elapsedMs=20000',
      'providerName',
    ],
  ])(
    'When the no-JavaScript form %s is posted with a control character, then it goes back naming the field',
    async (path, form, field) => {
      const before = await head();
      const response = await request(server.base, path, {
        method: 'POST',
        raw: form,
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      });
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toBe(
        `${path}?status=invalid&fields=${field}#${path === '/contact' ? 'contact-form' : 'submission-form'}`,
      );
      expect(await head()).toBe(before);
    },
  );
});
