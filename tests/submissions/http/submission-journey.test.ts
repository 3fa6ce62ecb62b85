/**
 * A provider submission over HTTP, on the app started for real: a visitor sends the form (JSON
 * and without JavaScript), bots are turned away (honeypot, too fast), the inbox lists it, the
 * dashboard counts it, and the administrator reviews, accepts (a pre-filled, not featured
 * draft) or rejects with a reason; each step in the audit log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntryView } from '../../../api/contracts/back-office';
import type { AdminProviderView } from '../../../api/providers/contracts';
import {
  SUBMISSION_MESSAGES,
  SUBMISSION_TOO_FAST_MESSAGE,
  type SubmissionPage,
  type SubmissionView,
} from '../../../api/submissions/contracts';
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

const form = {
  providerName: 'Northwind Weight Care',
  website: 'northwind.example',
  contactEmail: 'hello@northwind.example',
  phoneNumber: '555-0100',
  description: 'Telehealth GLP-1 programme.',
  medications: ['Semaglutide', 'Tirzepatide'],
  excludedStates: ['AK', 'HI'],
  pricing: 'From $199 a month',
  submitterName: 'Nora West',
  submitterEmail: 'nora@northwind.example',
  submitterRole: 'Founder',
  additionalInfo: 'Licensed in 48 states.',
  agreedToTerms: true,
  elapsedMs: 20_000,
};

describe('Given the submission form and an administrator', () => {
  let server: TestServer;
  let base: string;
  let session: AdminSession;

  const inbox = async (query = '') => {
    const response = await request(base, `/api/admin/submissions${query}`, { session });
    expect(response.status).toBe(200);
    return (await response.json()) as SubmissionPage;
  };
  const newCount = async () => {
    const response = await request(base, '/api/admin/dashboard', { session });
    return ((await response.json()) as Record<string, number>).submissions;
  };

  beforeAll(async () => {
    server = await startTestServer({ prefix: 'vial-submissions-' });
    base = server.base;
    await registerAdmin(server.backend, EMAIL, PASSWORD);
    session = await signIn(base, EMAIL, PASSWORD);
  });

  afterAll(async () => {
    await server?.close();
  });

  it('When the terms are not agreed, then 400 with the spec message and nothing is recorded', async () => {
    const response = await request(base, '/api/provider-submissions', {
      json: { ...form, agreedToTerms: false },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: SUBMISSION_MESSAGES.terms });
    expect((await inbox()).total).toBe(0);
  });

  it('When a required field is missing, then 400 with the required-fields message naming it', async () => {
    const response = await request(base, '/api/provider-submissions', {
      json: { ...form, contactEmail: '' },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: SUBMISSION_MESSAGES.required,
      fields: { contactEmail: SUBMISSION_MESSAGES.required },
    });
  });

  it('When the form is sent quicker than a person can, then 400 says so; a filled honeypot is answered 201 and dropped', async () => {
    const fast = await request(base, '/api/provider-submissions', {
      json: { ...form, elapsedMs: 500 },
    });
    expect(fast.status).toBe(400);
    expect(((await fast.json()) as { error: string }).error).toBe(SUBMISSION_TOO_FAST_MESSAGE);

    const bot = await request(base, '/api/provider-submissions', {
      json: { ...form, company: 'Spam Inc' },
    });
    expect(bot.status).toBe(201);
    expect((await inbox()).total).toBe(0);
  });

  it('When a visitor submits, then the inbox has it as new with the payload, timestamp and user agent, and the dashboard counts one new', async () => {
    const response = await request(base, '/api/provider-submissions', {
      json: form,
      headers: { 'User-Agent': 'Journey Browser/1.0' },
    });
    expect(response.status).toBe(201);
    const page = await inbox();
    expect(page.total).toBe(1);
    const [row] = page.rows;
    expect(row).toMatchObject({
      providerName: 'Northwind Weight Care',
      website: 'https://northwind.example/',
      medications: ['Semaglutide', 'Tirzepatide'],
      status: 'new',
      userAgent: 'Journey Browser/1.0',
    });
    expect(row?.states.split(',')).toHaveLength(48);
    expect(row?.states).not.toMatch(/AK|HI/);
    expect(Date.parse(row?.timestamp ?? '')).not.toBeNaN();
    expect(await newCount()).toBe(1);
  });

  it('When the same form is posted without JavaScript, then it is received and the page is told "sent"; a bad one is told which fields', async () => {
    const body = new URLSearchParams({
      providerName: 'Plain Post Clinic',
      website: 'https://plain.example',
      contactEmail: 'hi@plain.example',
      agreedToTerms: 'on',
      startedAt: String(Date.now() - 60_000),
    });
    body.append('medications', 'Semaglutide');
    body.append('excludedStates', 'TX');
    const sent = await fetch(`${base}/add-provider`, {
      method: 'POST',
      redirect: 'manual',
      headers: { Origin: base, 'Content-Type': 'application/x-www-form-urlencoded' },
      body,
    });
    expect(sent.status).toBe(303);
    expect(sent.headers.get('location')).toBe('/add-provider?status=sent#submission-form');

    body.set('website', 'not a website');
    const invalid = await fetch(`${base}/add-provider`, {
      method: 'POST',
      redirect: 'manual',
      headers: { Origin: base, 'Content-Type': 'application/x-www-form-urlencoded' },
      body,
    });
    expect(invalid.headers.get('location')).toBe(
      '/add-provider?status=invalid&fields=website#submission-form',
    );
    const found = await inbox('?q=plain');
    expect(found.rows.map((r) => [r.providerName, r.medications])).toEqual([
      ['Plain Post Clinic', ['Semaglutide']],
    ]);
    expect(await newCount()).toBe(2);
  });

  it('When the administrator reviews and accepts one, then a not-featured draft pre-filled from it exists and the new count falls', async () => {
    const id = (await inbox('?q=northwind')).rows[0]?._id ?? '';
    const review = await request(base, `/api/admin/submissions/${id}/review`, {
      method: 'POST',
      session,
    });
    expect(review.status).toBe(200);
    expect(await newCount()).toBe(1);
    expect((await inbox('?status=in_review')).rows.map((r) => r._id)).toEqual([id]);

    const accepted = await request(base, `/api/admin/submissions/${id}/accept`, {
      method: 'POST',
      session,
    });
    expect(accepted.status).toBe(200);
    const { providerId } = (await accepted.json()) as { providerId: string };
    const provider = await request(base, `/api/admin/providers/${providerId}`, { session });
    expect(provider.status).toBe(200);
    expect((await provider.json()) as AdminProviderView).toMatchObject({
      name: 'Northwind Weight Care',
      websiteUrl: 'https://northwind.example/',
      description: 'Telehealth GLP-1 programme.',
      featured: false,
      medications: ['Semaglutide', 'Tirzepatide'],
      // On no public page until published (tests/submissions/http/accept-as-draft.test.ts).
      draft: true,
    });
    const detail = await request(base, `/api/admin/submissions/${id}`, { session });
    expect((await detail.json()) as SubmissionView).toMatchObject({
      status: 'accepted',
      providerId,
    });
    expect(await newCount()).toBe(1);

    const again = await request(base, `/api/admin/submissions/${id}/accept`, {
      method: 'POST',
      session,
    });
    expect(again.status).toBe(409);
  });

  it('When the administrator rejects one without a reason, then 400; with a reason, it is rejected and the audit log tells each step', async () => {
    const id = (await inbox('?status=new')).rows[0]?._id ?? '';
    const empty = await request(base, `/api/admin/submissions/${id}/reject`, {
      json: { reason: '  ' },
      session,
    });
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { error: string }).error).toMatch(/reason/);

    const rejected = await request(base, `/api/admin/submissions/${id}/reject`, {
      json: { reason: 'Not a GLP-1 provider' },
      session,
    });
    expect(rejected.status).toBe(200);
    expect(await newCount()).toBe(0);

    const audit = await request(base, '/api/admin/audit?limit=20', { session });
    const entries = (await audit.json()) as { entries?: AuditEntryView[] } | AuditEntryView[];
    const list = Array.isArray(entries) ? entries : (entries.entries ?? []);
    const summaries = list.map((e) => e.summary);
    expect(summaries).toEqual(
      expect.arrayContaining([
        'Received the provider submission "Northwind Weight Care"',
        'Started reviewing the submission "Northwind Weight Care"',
        'Accepted the submission "Northwind Weight Care" as a draft provider',
        'Rejected the submission "Plain Post Clinic": Not a GLP-1 provider',
      ]),
    );
  });

  it('When an unknown submission is accepted, then 404 names it as not found', async () => {
    const response = await request(base, '/api/admin/submissions/nope/accept', {
      method: 'POST',
      session,
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'Submission not found' });
  });

  it('When one address has sent 5 submissions within the hour, then the next is refused with 429 and nothing more is recorded', async () => {
    // Two were recorded above; invalid and dropped ones are not counted.
    for (const n of [3, 4, 5]) {
      const response = await request(base, '/api/provider-submissions', {
        json: { ...form, providerName: `Clinic ${n}` },
      });
      expect(response.status).toBe(201);
    }
    const sixth = await request(base, '/api/provider-submissions', {
      json: { ...form, providerName: 'Clinic 6' },
    });
    expect(sixth.status).toBe(429);
    expect(((await sixth.json()) as { error: string }).error).toMatch(/^Too many submissions\./);
    expect((await inbox()).total).toBe(5);
  });
});
