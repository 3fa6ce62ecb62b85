/**
 * The weekly issue over HTTP on the app started for real (embedded profile, no SMTP_URL):
 * compose (a week with nothing says so and records it; a week with a post drafts an issue; a
 * second compose while it is prepared is refused), a draft by hand, edit, preview (JSON and the
 * framed page with its own policy), schedule, unschedule, cancel, the no-SMTP refusals of
 * 'Send a test' and 'Send now', bad input naming its field, and the public archive, sitemap
 * and feed, which show sent issues only.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SYSTEM_ACTOR } from '../../../domain/shared/envelope';
import type { Backend } from '../../../workers/bootstrap/composition';
import { composeWeeklyJob, lastComposeRun } from '../../../workers/newsletter/weekly';
import {
  registerAdmin,
  request,
  signIn,
  startTestServer,
  type AdminSession,
  type TestServer,
} from '../../support/http-server';

const PASSWORD = 'a long test password 1';

let site: TestServer;
let backend: Backend;
let base: string;
let session: AdminSession;

beforeEach(async () => {
  site = await startTestServer({ prefix: 'vial-issues-' });
  ({ backend, base } = site);
  await registerAdmin(backend, 'ops@example.com', PASSWORD);
  session = await signIn(base, 'ops@example.com', PASSWORD);
});

afterEach(() => site.close());

const admin = (path: string, json?: unknown, method?: string) =>
  request(base, `/api/admin/newsletter${path}`, {
    session,
    ...(json === undefined ? {} : { json }),
    ...(method ? { method } : {}),
  });
const context = { actor: SYSTEM_ACTOR, correlationId: 'test' };

async function publishPost(title: string) {
  const result = await backend.bus.dispatch(
    { type: 'CreatePost', post: { title, content: '<p>Body text.</p>', publish: true } },
    context,
  );
  await backend.waitForProjections(result.position);
}

async function blankDraft(subject = 'Notes from the week') {
  const response = await admin('/issues', {
    subject,
    preheader: 'A short note',
    bodyHtml: '<p>Hello</p>',
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { issue: { _id: string; slug: string } }).issue;
}

/** Marks an issue sent as the sender would (no SMTP here). */
async function markSent(issueId: string) {
  await backend.bus.dispatch(
    { type: 'StartSendingNewsletterIssue', issueId, recipients: 2 },
    context,
  );
  const result = await backend.bus.dispatch(
    {
      type: 'FinishSendingNewsletterIssue',
      issueId,
      recipients: 2,
      sent: 2,
      failed: 0,
      bounced: 0,
    },
    context,
  );
  await backend.waitForProjections(result.position);
}

describe('compose', () => {
  it('a week with nothing composes nothing, says so and records it', async () => {
    const response = await admin('/compose', {});
    expect(response.status).toBe(200);
    const body = (await response.json()) as { nothing: string };
    expect(body.nothing).toMatch(/^Nothing to send: no post, provider, price/);
    const overview = (await (await admin('')).json()) as {
      draft: unknown;
      issues: unknown[];
      lastCompose: { outcome: string; message: string };
      mailing: { smtpConfigured: boolean; reason: string | null };
      recipients: number;
    };
    expect(overview).toMatchObject({ draft: null, issues: [], recipients: 0 });
    expect(overview.lastCompose).toMatchObject({ outcome: 'nothing', message: body.nothing });
    expect(overview.mailing.smtpConfigured).toBe(false);
    expect(overview.mailing.reason).toMatch(/SMTP_URL is not set/);
    expect(await backend.queries.newsletterIssues()).toEqual([]);
  });

  it('a week with a post drafts an issue; composing again while it is prepared is refused', async () => {
    await publishPost('What a vial holds');
    const response = await admin('/compose', {});
    expect(response.status).toBe(201);
    const { issue } = (await response.json()) as {
      issue: { _id: string; subject: string; bodyHtml: string; status: string; composedBy: string };
    };
    expect(issue).toMatchObject({ status: 'draft', composedBy: 'weekly' });
    expect(issue.subject).toMatch(/: 1 new post$/);
    expect(issue.bodyHtml).toContain(`<a href="${base}/blog/what-a-vial-holds"`);
    expect(issue.bodyHtml).toContain('>What a vial holds</a>');

    const again = await admin('/compose', {});
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: string }).error).toMatch(/is still being prepared/);
    expect((await lastComposeRun(backend.readStore))?.outcome).toBe('draft-exists');
  });

  it('a week of provider changes composes them from the read models', async () => {
    const details = {
      name: 'Clear Costs',
      websiteUrl: 'https://clear.example',
      states: ['OH' as const],
      medications: ['Semaglutide' as const],
      featured: true,
    };
    const listed = await backend.bus.dispatch(
      {
        type: 'ListProvider',
        details,
        prices: { semaglutide: { '0.25mg': 199, '0.5mg': 249 }, tirzepatide: {} },
      },
      context,
    );
    const providerId = listed.id;
    await backend.bus.dispatch(
      {
        type: 'ChangeProviderPrices',
        providerId,
        prices: { semaglutide: { '0.25mg': 179, '0.5mg': 269 }, tirzepatide: {} },
      },
      context,
    );
    const last = await backend.bus.dispatch(
      {
        type: 'ChangeProviderDetails',
        providerId,
        details: { ...details, discountCode: 'SAVE20' },
      },
      context,
    );
    await backend.waitForProjections(last.position);

    const response = await admin('/compose', {});
    expect(response.status).toBe(201);
    const { issue } = (await response.json()) as { issue: { subject: string; bodyHtml: string } };
    expect(issue.subject).toMatch(
      /: 1 new provider, 1 price drop, 1 price rise, 1 new discount code$/,
    );
    const text = issue.bodyHtml.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
    expect(text).toMatch(
      /Clear Costs — Semaglutide 0\.25 mg: \$199 → \$179 \(checked \w{3} \d+, \d{4}\)/,
    );
    expect(text).toMatch(/Clear Costs — Semaglutide 0\.5 mg: \$249 → \$269 \(checked/);
    expect(text).toContain('Clear Costs — code SAVE20 (entered');
    expect(issue.bodyHtml).toContain(`href="${base}/providers/clear-costs"`);
  });

  it('the weekly job records a quiet week without an event, and skips while a draft exists', async () => {
    const head = await backend.eventStore.headPosition();
    const run = (): Promise<Record<string, unknown>> =>
      composeWeeklyJob.run({}, { jobId: 'j', attempt: 1 }, backend);
    expect(await run()).toMatchObject({ outcome: 'nothing' });
    expect(await backend.eventStore.headPosition()).toBe(head);
    await blankDraft();
    expect(await run()).toMatchObject({ outcome: 'draft-exists' });
    expect(await backend.queries.newsletterIssues()).toHaveLength(1);
  });
});

describe('a draft by hand', () => {
  it.each([
    [{ preheader: '', bodyHtml: '<p>x</p>' }, 'subject', 'Subject must be text'],
    [{ subject: '', bodyHtml: '<p>x</p>' }, 'subject', 'Subject is required'],
    [{ subject: 'a\nb', bodyHtml: '<p>x</p>' }, 'subject', 'Subject must be a single line'],
    [
      { subject: 'x'.repeat(151), bodyHtml: '<p>x</p>' },
      'subject',
      'Subject must be at most 150 characters',
    ],
    [
      { subject: 'S', preheader: 'p'.repeat(201), bodyHtml: '<p>x</p>' },
      'preheader',
      'Preheader must be at most 200 characters',
    ],
    [
      { subject: 'S', bodyHtml: '<script>alert(1)</script>' },
      'bodyHtml',
      'The body is empty: write what the issue says before saving it.',
    ],
  ])('refuses %j naming the field', async (body, field, message) => {
    const response = await admin('/issues', body);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { fields: Record<string, string> }).fields[field]).toBe(
      message,
    );
  });

  it('is saved sanitised, edited, previewed, scheduled, unscheduled and cancelled', async () => {
    const draft = await blankDraft();
    expect(draft.slug).toMatch(/^\d{4}-\d{2}-\d{2}-notes-from-the-week$/);

    const edited = await admin(
      `/issues/${draft._id}`,
      {
        subject: 'Edited',
        preheader: '',
        bodyHtml: '<p onclick="x()">Safe</p><script>x()</script>',
      },
      'PUT',
    );
    expect(edited.status).toBe(200);
    expect(await edited.json()).toMatchObject({
      issue: { subject: 'Edited', bodyHtml: '<p>Safe</p>' },
    });
    expect((await admin(`/issues/${draft._id}`, { subject: '' }, 'PUT')).status).toBe(400);
    expect((await admin('/issues/nope')).status).toBe(404);

    const preview = await admin(`/issues/${draft._id}/preview`);
    expect(preview.status).toBe(200);
    const mail = (await preview.json()) as {
      subject: string;
      html: string;
      text: string;
      note: string;
    };
    expect(mail.subject).toBe('Edited');
    expect(mail.html).toContain('Safe');
    expect(mail.text).toContain('Safe');
    expect(mail.note).toMatch(/links in it are examples/);

    const page = await admin(`/issues/${draft._id}/preview.html`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('content-security-policy')).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; img-src https: data:; frame-ancestors 'self'",
    );
    expect(page.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('x-robots-tag')).toMatch(/noindex/);
    const text = await admin(`/issues/${draft._id}/preview.html?part=text`);
    expect(text.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await text.text()).toContain('Safe');

    const past = await admin(`/issues/${draft._id}/schedule`, { sendAt: '2020-01-01T00:00:00Z' });
    expect(past.status).toBe(400);
    expect(((await past.json()) as { error: string }).error).toBe(
      'The send time must be in the future.',
    );
    const bad = await admin(`/issues/${draft._id}/schedule`, { sendAt: 'tomorrow' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { fields: Record<string, string> }).fields.sendAt).toMatch(
      /date and time/,
    );
    const sendAt = new Date(Date.now() + 86_400_000).toISOString();
    const scheduled = await admin(`/issues/${draft._id}/schedule`, { sendAt });
    expect(await scheduled.json()).toMatchObject({ issue: { status: 'scheduled', sendAt } });
    const unscheduled = await admin(`/issues/${draft._id}/unschedule`, {});
    expect(await unscheduled.json()).toMatchObject({ issue: { status: 'draft' } });
    const cancelled = await admin(`/issues/${draft._id}/cancel`, {});
    expect(await cancelled.json()).toMatchObject({ issue: { status: 'cancelled' } });
    const editAfter = await admin(
      `/issues/${draft._id}`,
      { subject: 'Again', bodyHtml: '<p>x</p>' },
      'PUT',
    );
    expect(editAfter.status).toBe(409);
    expect(((await editAfter.json()) as { error: string }).error).toBe(
      'This issue is cancelled, so it can no longer be edited.',
    );
    // Cancelled, its address is free again: the same subject the same day drafts again.
    await blankDraft('Notes from the week');
    const overview = (await (await admin('')).json()) as { issues: { status: string }[] };
    expect(overview.issues.map((i) => i.status)).toEqual(['cancelled']);
  });

  it('without SMTP, the test and the send are refused with the reason', async () => {
    const draft = await blankDraft();
    const test = await admin(`/issues/${draft._id}/test`, {});
    expect(test.status).toBe(409);
    expect(((await test.json()) as { error: string }).error).toMatch(/SMTP_URL is not set/);
    const send = await admin(`/issues/${draft._id}/send`, { recipients: 0 });
    expect(send.status).toBe(409);
    expect(((await send.json()) as { error: string }).error).toMatch(/SMTP_URL is not set/);
    const bad = await admin(`/issues/${draft._id}/send`, { recipients: 'all' });
    expect(bad.status).toBe(400);
    expect(
      ((await bad.json()) as { fields: Record<string, string> }).fields.recipients,
    ).toBeTruthy();
  });
});

describe('the public archive', () => {
  it('shows sent issues only, in the reads, the sitemap and the feed', async () => {
    const draft = await blankDraft('Still a draft');
    const sentOne = await blankDraft('Sent one');
    await backend.bus.dispatch({ type: 'CancelNewsletterIssue', issueId: draft._id }, context);
    const other = await blankDraft('Still a draft two');
    await markSent(sentOne._id);

    const missing = await request(base, `/api/newsletter/issues/${other.slug}`);
    expect(await missing.json()).toEqual({ status: 'missing', slug: other.slug });
    const found = (await (
      await request(base, `/api/newsletter/issues/${sentOne.slug}`)
    ).json()) as {
      status: string;
      issue: { subject: string; bodyHtml: string };
    };
    expect(found).toMatchObject({
      status: 'found',
      issue: { subject: 'Sent one', bodyHtml: '<p>Hello</p>' },
    });
    const list = (await (await request(base, '/api/newsletter/issues')).json()) as {
      slug: string;
    }[];
    expect(list.map((i) => i.slug)).toEqual([sentOne.slug]);

    const sitemap = await (await request(base, '/sitemap.xml')).text();
    expect(sitemap).toContain(`<loc>${base}/newsletter</loc>`);
    expect(sitemap).toContain(`<loc>${base}/newsletter/${sentOne.slug}</loc>`);
    expect(sitemap).not.toContain(other.slug);

    const feed = await request(base, '/newsletter/rss.xml');
    expect(feed.headers.get('content-type')).toMatch(/^application\/rss\+xml/);
    const xml = await feed.text();
    expect(xml).toContain('<title>Sent one</title>');
    expect(xml).toContain(`<link>${base}/newsletter/${sentOne.slug}</link>`);
    expect(xml).not.toContain('Still a draft');

    const overview = (await (await admin('')).json()) as {
      draft: { _id: string };
      issues: { _id: string; status: string; sent: number; unsubscribedSince: number }[];
    };
    expect(overview.draft._id).toBe(other._id);
    expect(overview.issues[0]).toMatchObject({
      _id: sentOne._id,
      status: 'sent',
      sent: 2,
      unsubscribedSince: 0,
    });
  });
});

describe('admin only', () => {
  it('answers 401 without a session', async () => {
    expect((await request(base, '/api/admin/newsletter')).status).toBe(401);
    expect((await request(base, '/api/admin/newsletter/compose', { json: {} })).status).toBe(401);
  });
});
