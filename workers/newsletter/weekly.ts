/**
 * The weekly issue's draft: 'newsletter.compose-weekly' on NEWSLETTER_COMPOSE_CRON (UTC,
 * Mondays 08:00 unless set), and the back office's 'Compose now' (composeNow).
 *
 * The period runs from the last sent issue's end (the first time: 7 days ago) to now. What
 * happened in it is read from the read models (the collector below) and composed by the pure
 * rules of domain/newsletter/compose.ts. Nothing is composed while a draft or a scheduled issue
 * exists (one issue is prepared at a time), nor for a week with nothing recorded: both record
 * why instead of an event. The last run's outcome is kept in 'newsletter_compose_runs'
 * (`_id: 'last'`), which the back office shows.
 *
 * Sources (every one a read model of recorded events): posts published ('blog_posts'),
 * providers listed and prices moved (the providers' public change log, 'provider_changes'),
 * discount codes entered (the audit log's before -> after of a provider's discount code or
 * card offer code, kept only while the provider still shows that code), Vial Scores published
 * ('provider_history', a score compared with the provider's previous one).
 */
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { CommandContext, CommandResult } from '../../commands';
import type { draftNewsletterIssueCommand } from '../../commands/newsletter/issue-commands';
import {
  composeWeeklyIssue,
  priceMovesFromChangeLog,
  type ComposedIssue,
  type WeekFacts,
} from '../../domain/newsletter/compose';
import { providerSlug } from '../../domain/providers';
import type { Actor } from '../../domain/shared/envelope';
import { SYSTEM_ACTOR } from '../../domain/shared/envelope';
import { BLOG_COLLECTIONS, type PostDoc } from '../../projections/blog';
import {
  NEWSLETTER_ISSUES_COLLECTION,
  type NewsletterIssueDoc,
} from '../../projections/newsletter';
import {
  PROVIDER_CHANGES_COLLECTION,
  PROVIDER_COLLECTIONS,
  PROVIDER_HISTORY_COLLECTION,
  PUBLIC_PROVIDERS,
  type ProviderChangeDoc,
  type ProviderDoc,
  type ProviderHistoryDoc,
} from '../../projections/providers';
import type { ReadStore } from '../../projections/read-store/port';
import { PLATFORM_COLLECTIONS, type AuditEntryDoc } from '../../projections/views';
import type { JobDeclaration } from '../jobs';

export const COMPOSE_WEEKLY_JOB = 'newsletter.compose-weekly';
export const COMPOSE_WEEKLY_SCHEDULE_ID = 'newsletter-compose-weekly';
export const COMPOSE_RUNS_COLLECTION = 'newsletter_compose_runs';
/** The first issue reports on the week before it. */
const FIRST_PERIOD_MS = 7 * 24 * 60 * 60 * 1000;

export type ComposeOutcome = 'composed' | 'nothing' | 'draft-exists';

/** The last run, as the back office shows it. */
export type ComposeRun = {
  at: string;
  outcome: ComposeOutcome;
  issueId?: string;
  message: string;
};
export type ComposeRunDoc = ComposeRun & { _id: 'last' };

export const COMPOSE_MESSAGES = {
  composed: (subject: string) => `Composed the draft "${subject}".`,
  nothing: (period: string) =>
    `Nothing to send: no post, provider, price, discount code or Vial Score changed ${period}.`,
  draftExists: (subject: string) =>
    `Not composed: the issue "${subject}" is still being prepared. Send or cancel it first.`,
} as const;

type DraftInput = z.input<typeof draftNewsletterIssueCommand>;

/** What composing needs of the backend (the job's dependencies and the HTTP backend). */
export interface WeeklyDeps {
  config: { publicUrl: string; NEWSLETTER_COMPOSE_CRON?: string };
  readStore: ReadStore;
  bus: { dispatch(command: DraftInput, context: CommandContext): Promise<CommandResult> };
  waitForProjections(position: string, timeoutMs?: number): Promise<boolean>;
  now?: () => Date;
}

export type ComposeResult =
  | { outcome: 'composed'; issueId: string; issue: ComposedIssue; message: string }
  | { outcome: 'nothing'; message: string }
  | { outcome: 'draft-exists'; issueId: string; message: string };

const issues = (store: ReadStore) =>
  store.collection<NewsletterIssueDoc>(NEWSLETTER_ISSUES_COLLECTION);

/** The next issue's period: from the last sent issue's end (else 7 days ago) to `now`. */
export async function nextPeriod(
  store: ReadStore,
  now: Date,
): Promise<{ from: string; to: string }> {
  const [last] = await issues(store).find({ status: 'sent' }, { sort: { periodTo: -1 }, limit: 1 });
  const to = now.toISOString();
  const from =
    last?.periodTo ?? last?.sentAt ?? new Date(now.getTime() - FIRST_PERIOD_MS).toISOString();
  return { from: from < to ? from : to, to };
}

const inPeriod = (from: string, to: string) => ({ $gte: from, $lt: to });

/** A non-blank text, trimmed; null otherwise. */
const shown = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

/** The code a provider's card shows (the card's offer code, else its discount code). */
const codeShown = (provider: ProviderDoc): string | null =>
  shown(provider.card?.offerCode) ?? shown(provider.discountCode);

const DISCOUNT_FIELDS = ['discountCode', 'card.offerCode'];

/** What happened in [from, to), read from the read models. */
export async function collectWeek(
  store: ReadStore,
  period: { from: string; to: string },
  siteUrl: string,
): Promise<WeekFacts> {
  const { from, to } = period;
  const [posts, listedProviders, changes, auditEntries, histories] = await Promise.all([
    store
      .collection<PostDoc>(BLOG_COLLECTIONS.posts)
      .find({ published: true, publishedAt: inPeriod(from, to) }),
    // Drafts are not public: the issue names only what a visitor can open.
    store.collection<ProviderDoc>(PROVIDER_COLLECTIONS.providers).find(PUBLIC_PROVIDERS),
    store
      .collection<ProviderChangeDoc>(PROVIDER_CHANGES_COLLECTION)
      .find({ date: inPeriod(from, to), kind: { $in: ['listed', 'prices', 'offers'] } }),
    store.collection<AuditEntryDoc>(PLATFORM_COLLECTIONS.auditLog).find({
      eventType: 'ProviderDetailsChanged',
      occurredAt: inPeriod(from, to),
      changedFields: { $in: DISCOUNT_FIELDS },
    }),
    store
      .collection<ProviderHistoryDoc>(PROVIDER_HISTORY_COLLECTION)
      .find({ 'scores.at': inPeriod(from, to) }),
  ]);
  // Only providers listed now: a removed provider's page is gone.
  const providers = new Map(
    listedProviders.map((p) => [p.id, { name: p.name, slug: providerSlug(p.name), doc: p }]),
  );

  const providersListed = changes.flatMap((entry) => {
    const provider = entry.kind === 'listed' ? providers.get(entry.providerId) : undefined;
    return provider ? [{ name: provider.name, slug: provider.slug, listedAt: entry.date }] : [];
  });

  const discountCodes = auditEntries.flatMap((entry) => {
    const provider = providers.get(entry.subject.id);
    const code = provider ? codeShown(provider.doc) : null;
    if (!provider || code === null) return [];
    const entered = (entry.changes ?? []).some(
      (c) =>
        DISCOUNT_FIELDS.includes(c.field) && shown(c.after) === code && shown(c.before) !== code,
    );
    return entered
      ? [{ providerName: provider.name, providerSlug: provider.slug, code, at: entry.occurredAt }]
      : [];
  });
  // One line per provider and code: the latest entry wins.
  const codes = new Map(discountCodes.map((d) => [`${d.providerSlug}\u0000${d.code}`, d]));

  const scoreChanges = histories.flatMap((history) => {
    const provider = providers.get(history._id);
    if (!provider) return [];
    const before = history.scores.filter((s) => s.at < from).at(-1);
    const after = history.scores.filter((s) => s.at >= from && s.at < to).at(-1);
    if (!before || !after || before.outOf5 === after.outOf5) return [];
    return [
      {
        providerName: provider.name,
        providerSlug: provider.slug,
        before: before.outOf5,
        after: after.outOf5,
        month: after.month,
        at: after.at,
      },
    ];
  });

  return {
    from,
    to,
    siteUrl,
    posts: posts.flatMap((p) =>
      p.publishedAt
        ? [{ title: p.title, slug: p.slug, excerpt: p.excerpt, publishedAt: p.publishedAt }]
        : [],
    ),
    providersListed,
    priceMoves: priceMovesFromChangeLog(changes, providers, from, to),
    discountCodes: [...codes.values()],
    scoreChanges,
  };
}

async function record(store: ReadStore, run: ComposeRun): Promise<void> {
  const doc: ComposeRunDoc = { _id: 'last', ...run };
  await store.collection<ComposeRunDoc>(COMPOSE_RUNS_COLLECTION).upsert(doc);
}

/** The last run's outcome, or null before the first. */
export async function lastComposeRun(store: ReadStore): Promise<ComposeRunDoc | null> {
  return store.collection<ComposeRunDoc>(COMPOSE_RUNS_COLLECTION).findOne({ _id: 'last' });
}

/**
 * Composes the week's draft now (the weekly job, or an administrator's 'Compose now'), or says
 * why not; the outcome is recorded either way.
 */
export async function composeNow(deps: WeeklyDeps, actor: Actor): Promise<ComposeResult> {
  const now = deps.now?.() ?? new Date();
  const at = now.toISOString();
  const store = deps.readStore;
  const [open] = await issues(store).find(
    { status: { $in: ['draft', 'scheduled'] } },
    { sort: { draftedAt: -1 }, limit: 1 },
  );
  if (open) {
    const message = COMPOSE_MESSAGES.draftExists(open.subject);
    await record(store, { at, outcome: 'draft-exists', issueId: open._id, message });
    return { outcome: 'draft-exists', issueId: open._id, message };
  }
  const period = await nextPeriod(store, now);
  const facts = await collectWeek(store, period, deps.config.publicUrl);
  const issue = composeWeeklyIssue(facts);
  if (!issue) {
    const message = COMPOSE_MESSAGES.nothing(describePeriod(period.from, period.to));
    await record(store, { at, outcome: 'nothing', message });
    return { outcome: 'nothing', message };
  }
  const result = await deps.bus.dispatch(
    {
      type: 'DraftNewsletterIssue',
      subject: issue.subject,
      preheader: issue.preheader,
      bodyHtml: issue.bodyHtml,
      periodFrom: period.from,
      periodTo: period.to,
      composedBy: 'weekly',
    },
    { actor, correlationId: randomUUID() },
  );
  await deps.waitForProjections(result.position, 2_000);
  const message = COMPOSE_MESSAGES.composed(issue.subject);
  await record(store, { at, outcome: 'composed', issueId: result.id, message });
  return { outcome: 'composed', issueId: result.id, issue, message };
}

const DAY = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
const describePeriod = (from: string, to: string) =>
  `from ${DAY.format(new Date(from))} to ${DAY.format(new Date(to))}`;

export const composeWeeklyJob: JobDeclaration<WeeklyDeps, Record<string, never>> = {
  name: COMPOSE_WEEKLY_JOB,
  doneMessage: 'newsletter weekly compose finished',
  async run(_data, _context, deps) {
    const result = await composeNow(deps, SYSTEM_ACTOR);
    return {
      outcome: result.outcome,
      message: result.message,
      ...('issueId' in result ? { issueId: result.issueId } : {}),
    };
  },
  schedule: (deps) => ({
    id: COMPOSE_WEEKLY_SCHEDULE_ID,
    when: { cron: deps.config.NEWSLETTER_COMPOSE_CRON ?? '0 8 * * 1', tz: 'UTC' },
    data: {},
  }),
};

export const NEWSLETTER_COMPOSE_KEPT_COLLECTIONS: readonly string[] = [COMPOSE_RUNS_COLLECTION];
