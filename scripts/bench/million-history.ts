/**
 * A realistic history of about 1,000,000 events written straight into a SQLite event store
 * (not through HTTP, nor the command bus, which would re-read ever longer streams): 200,000
 * newsletter subscribers, 2,000 providers with 50 detail edits and 50 price changes each
 * (plus their listing, featuring and monthly Vial Score reviews), 10,000 blog posts with
 * their edits and publications, provider submissions (received, reviewed, rejected) and
 * 2,000 trending keywords (created, edited, moved, switched off and on).
 *
 * Every event is a real event type with its real shape: the listings are decided by the
 * provider decider, and the first events of each type plus one in every SAMPLE_EVERY are
 * checked against the capabilities' event schemas. The rows go in through one prepared
 * statement in large transactions with synchronous=OFF (a benchmark file, not a store anyone
 * relies on), so a million events take seconds to write.
 */
import { randomBytes, randomUUID, createHash } from 'node:crypto';
import Database from 'better-sqlite3';
import type { ZodType } from 'zod';
import { openEventStore } from '../../commands/event-store';
import { EVENT_SCHEMA_VERSION } from '../../commands';
import { DEMO_PROVIDERS } from '../../commands/providers';
import type { Actor, EventMetadata } from '../../domain/shared/envelope';
import { decideProvider, initialProviderState } from '../../domain/providers/decider';
import { providerEventSchemas, providerStreamId } from '../../domain/providers/events';
import {
  providerDetailsSchema,
  providerPricesSchema,
  type ProviderDetails,
  type ProviderPrices,
} from '../../domain/providers/provider';
import { subscriptionEventSchemas, subscriptionStreamId } from '../../domain/newsletter/events';
import { newSubscriptionId, sealEmail, SqliteSubscriberKeyStore } from '../../commands/newsletter';
import { blogEventSchemas, postStreamId, slugStreamId } from '../../domain/blog/events';
import { submissionEventSchemas, submissionStreamId } from '../../domain/submissions/events';
import { allKeywordEventSchemas, keywordStreamId } from '../../domain/keywords/events';
import { keywordNameStreamId } from '../../commands/keywords';
import { STATE_CODES } from '../../domain/shared/reference/states';

export interface MillionOptions {
  /** Stop at this many events (default 1,000,000). */
  events?: number;
  subscribers?: number;
  providers?: number;
  /** Detail edits and price changes per provider (each). */
  editsPerProvider?: number;
  posts?: number;
  submissions?: number;
  /** Trending keywords, each created then edited, moved and switched a few times. */
  keywords?: number;
  seed?: number;
  /**
   * The subscriber key store file (DATA_DIR/subscriber-keys.sqlite): each address is written
   * sealed with its own key, as production stores it (VisitorSubscribed { subscriptionId,
   * sealedEmail }), so a replay looks the keys up and decrypts as it would. Unset: the old
   * plaintext shape (VisitorSubscribed { subscriptionId, email }).
   */
  sealedKeys?: string;
}

export interface MillionStats {
  events: number;
  byKind: Record<string, number>;
  seconds: number;
  bytes: number;
}

const SCHEMAS: Record<string, ZodType> = {
  ...providerEventSchemas,
  ...subscriptionEventSchemas,
  ...blogEventSchemas,
  ...submissionEventSchemas,
  ...allKeywordEventSchemas,
};
const SAMPLE_EVERY = 5_000;
const COMMIT_EVERY = 25_000;

function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface NewRow {
  stream: string;
  type: string;
  /** The event as the code reads it (checked against its schema). */
  data: unknown;
  /** What the log stores instead, when it differs (a sealed subscription). */
  stored?: unknown;
}

/** One source of events (a kind of activity), drawn from in proportion to what it has left. */
interface Source {
  kind: string;
  left: number;
  next(): NewRow[];
}

const PARAGRAPHS = [
  'Compounded semaglutide is prescribed after an online consultation; the price usually includes the clinician visit and shipping.',
  'Doses go up every four weeks. Ask the provider how the vial concentration changes as the dose rises, and how many units to draw.',
  'Some programmes bill monthly, others per vial. Compare the cost of twelve weeks, not the first month, which is often discounted.',
  'Tirzepatide starts at 2.5 mg a week. A provider should say which pharmacy compounds it and whether it is a 503A or 503B facility.',
];

function postContent(i: number, edit: number): string {
  const count = 3 + ((i + edit) % 4);
  const parts: string[] = [`<h2>Notes ${i}.${edit}</h2>`];
  for (let p = 0; p < count; p++) parts.push(`<p>${PARAGRAPHS[(i + p) % PARAGRAPHS.length]}</p>`);
  return parts.join('');
}

export async function writeMillionHistory(
  file: string,
  options: MillionOptions = {},
): Promise<MillionStats> {
  const started = performance.now();
  const total = options.events ?? 1_000_000;
  const random = prng(options.seed ?? 20251123);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;

  // Creates the schema and the log's identity, as the app would.
  await (await openEventStore({ kind: 'sqlite', path: file })).close();
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  const insert = db.prepare(
    'INSERT INTO events (stream_id, revision, type, data, metadata) VALUES (?, ?, ?, ?, ?)',
  );
  const revisions = new Map<string, number>();
  let clock = Date.parse('2025-01-01T08:00:00Z');
  const admin: Actor = { kind: 'admin', id: 'bench-admin', email: 'bench-admin@example.com' };
  const visitor: Actor = { kind: 'visitor', id: 'anonymous' };
  const byKind: Record<string, number> = {};
  const seenTypes = new Map<string, number>();
  let written = 0;
  let bytes = 0;
  let inTransaction = false;

  const write = (kind: string, actor: Actor, rows: NewRow[]) => {
    clock += 20_000 + Math.floor(random() * 20_000);
    const occurredAt = new Date(clock).toISOString();
    const correlationId = randomUUID();
    for (const row of rows) {
      const seen = seenTypes.get(row.type) ?? 0;
      seenTypes.set(row.type, seen + 1);
      if (seen < 3 || written % SAMPLE_EVERY === 0) {
        const schema = SCHEMAS[row.type];
        if (!schema) throw new Error(`No schema for ${row.type}`);
        const parsed = schema.safeParse(row.data);
        if (!parsed.success) throw new Error(`Invalid ${row.type}: ${parsed.error.message}`);
      }
      const revision = (revisions.get(row.stream) ?? -1) + 1;
      revisions.set(row.stream, revision);
      const metadata: EventMetadata = {
        eventId: randomUUID(),
        occurredAt,
        actor,
        correlationId,
        causationId: correlationId,
        schemaVersion: EVENT_SCHEMA_VERSION,
      };
      const data = JSON.stringify(row.stored ?? row.data);
      bytes += data.length;
      if (!inTransaction) {
        db.exec('BEGIN');
        inTransaction = true;
      }
      insert.run(row.stream, revision, row.type, data, JSON.stringify(metadata));
      written++;
      if (written % COMMIT_EVERY === 0) {
        db.exec('COMMIT');
        inTransaction = false;
      }
    }
    byKind[kind] = (byKind[kind] ?? 0) + rows.length;
  };

  // Providers: listed first (the decider emits the listing, featuring and first score).
  const providerCount = options.providers ?? 2_000;
  const edits = options.editsPerProvider ?? 50;
  interface LiveProvider {
    id: string;
    details: ProviderDetails;
    prices: ProviderPrices;
    detailEdits: number;
    priceEdits: number;
    scoreData: Record<string, unknown>;
  }
  const providers: LiveProvider[] = [];
  for (let i = 0; i < providerCount; i++) {
    const demo = DEMO_PROVIDERS[i % DEMO_PROVIDERS.length]!;
    const details = providerDetailsSchema.parse({
      ...demo.details,
      name: `Bench Provider ${i}`,
      websiteUrl: `https://bench-provider-${i}.example`,
      featured: random() < 0.25,
    });
    const prices = providerPricesSchema.parse(demo.prices);
    const id = `bench-provider-${i}`;
    const decided = decideProvider(
      { type: 'ListProvider', providerId: id, details, prices },
      initialProviderState,
      new Date(clock),
    );
    if (!Array.isArray(decided)) throw new Error('ListProvider was refused');
    const events = decided as Array<{ type: string; data: unknown }>;
    const score = events.find((e) => e.type === 'VialScoreRecomputed');
    write(
      'providers',
      admin,
      events.map((e) => ({ stream: providerStreamId(id), type: e.type, data: e.data })),
    );
    providers.push({
      id,
      details,
      prices,
      detailEdits: 0,
      priceEdits: 0,
      scoreData: (score?.data ?? {}) as Record<string, unknown>,
    });
  }

  const sources: Source[] = [];
  const subscriberCount = options.subscribers ?? 200_000;
  let subscribed = 0;
  let keys: Database.Database | null = null;
  let putKey: Database.Statement<[string, Buffer]> | null = null;
  if (options.sealedKeys) {
    SqliteSubscriberKeyStore.open(options.sealedKeys).close(); // creates the schema
    keys = new Database(options.sealedKeys);
    keys.pragma('journal_mode = WAL');
    keys.pragma('synchronous = OFF');
    keys.exec('BEGIN');
    putKey = keys.prepare(
      'INSERT INTO subscriber_keys (subscription_id, key, destroyed_at) VALUES (?, ?, NULL)',
    );
  }
  sources.push({
    kind: 'newsletter',
    left: subscriberCount,
    next() {
      const email = `reader-${subscribed++}@bench.example`;
      if (putKey) {
        // Sealed as production stores it: a random id, the address under its own key.
        const subscriptionId = newSubscriptionId();
        const key = randomBytes(32);
        putKey.run(subscriptionId, key);
        return [
          {
            stream: subscriptionStreamId(subscriptionId),
            type: 'VisitorSubscribed',
            data: { subscriptionId, email },
            stored: { subscriptionId, sealedEmail: sealEmail(key, subscriptionId, email) },
          },
        ];
      }
      const subscriptionId = createHash('sha256').update(email).digest('hex');
      return [
        {
          stream: subscriptionStreamId(subscriptionId),
          type: 'VisitorSubscribed',
          data: { subscriptionId, email },
        },
      ];
    },
  });

  let month = 0;
  sources.push({
    kind: 'providers',
    left: providerCount * edits * 2 + providerCount * 6,
    next() {
      const p = pick(providers);
      const stream = providerStreamId(p.id);
      const roll = random();
      if (roll < 0.06) {
        // A monthly review that republishes the score.
        month = (month + 1) % 12;
        return [
          {
            stream,
            type: 'VialScoreRecomputed',
            data: {
              ...p.scoreData,
              reason: 'monthly',
              month: `2025-${String(month + 1).padStart(2, '0')}`,
            },
          },
        ];
      }
      if (roll < 0.53) {
        p.detailEdits++;
        const field = random();
        if (field < 0.4) {
          const description = `${p.details.description.slice(0, 600)} Updated ${p.detailEdits}.`;
          p.details = { ...p.details, description };
          return [
            {
              stream,
              type: 'ProviderDetailsChanged',
              data: { providerId: p.id, changes: { description }, changedFields: ['description'] },
            },
          ];
        }
        if (field < 0.7) {
          const state = pick(STATE_CODES);
          const states = p.details.states.includes(state)
            ? p.details.states.filter((s) => s !== state)
            : [...p.details.states, state];
          p.details = { ...p.details, states };
          return [
            {
              stream,
              type: 'ProviderDetailsChanged',
              data: { providerId: p.id, changes: { states }, changedFields: ['states'] },
            },
          ];
        }
        const trustpilotScore = Math.round(random() * 50) / 10;
        p.details = { ...p.details, trustpilotScore };
        return [
          {
            stream,
            type: 'ProviderDetailsChanged',
            data: {
              providerId: p.id,
              changes: { trustpilotScore },
              changedFields: ['trustpilotScore'],
            },
          },
        ];
      }
      p.priceEdits++;
      const medication = random() < 0.5 ? 'semaglutide' : 'tirzepatide';
      const table = { ...p.prices[medication] };
      const doses = Object.keys(table);
      const dose = doses.length > 0 ? pick(doses) : '2.5mg';
      table[dose] = 99 + Math.floor(random() * 500);
      p.prices = { ...p.prices, [medication]: table };
      return [
        { stream, type: 'ProviderPricesChanged', data: { providerId: p.id, prices: p.prices } },
      ];
    },
  });

  const submissionCount = options.submissions ?? 20_000;
  let submitted = 0;
  const openSubmissions: Array<{ id: string; status: 'new' | 'in_review' }> = [];
  sources.push({
    kind: 'submissions',
    left: submissionCount * 3,
    next() {
      if (openSubmissions.length > 50 || (submitted >= submissionCount && openSubmissions.length)) {
        const index = Math.floor(random() * openSubmissions.length);
        const s = openSubmissions[index]!;
        const stream = submissionStreamId(s.id);
        if (s.status === 'new') {
          s.status = 'in_review';
          return [{ stream, type: 'SubmissionReviewStarted', data: { submissionId: s.id } }];
        }
        openSubmissions.splice(index, 1);
        return [
          {
            stream,
            type: 'SubmissionRejected',
            data: {
              submissionId: s.id,
              reason: 'Not a licensed pharmacy',
              previousStatus: s.status,
            },
          },
        ];
      }
      const id = `bench-submission-${submitted++}`;
      openSubmissions.push({ id, status: 'new' });
      return [
        {
          stream: submissionStreamId(id),
          type: 'ProviderSubmitted',
          data: {
            submissionId: id,
            providerName: `Submitted Clinic ${submitted}`,
            website: `https://clinic-${submitted}.example`,
            contactEmail: `owner-${submitted}@clinic.example`,
            phoneNumber: '',
            description: 'Telehealth GLP-1 programme with monthly check-ins.',
            medications: ['Semaglutide'],
            states: 'TX,CA,NY',
            pricing: '$249 a month',
            submitterName: 'Owner',
            submitterEmail: `owner-${submitted}@clinic.example`,
            submitterRole: 'Founder',
            additionalInfo: '',
            timestamp: new Date(clock).toISOString(),
            userAgent: 'bench',
          },
        },
      ];
    },
  });

  // Trending keywords: created (the name reserved first, as the command does), then edited,
  // moved, deactivated and activated again.
  const keywordCount = options.keywords ?? 2_000;
  const keywords: Array<{ id: string; keyword: string; active: boolean; edits: number }> = [];
  sources.push({
    kind: 'keywords',
    left: keywordCount * 5,
    next() {
      if (keywords.length < keywordCount && (keywords.length === 0 || random() < 0.3)) {
        const i = keywords.length;
        const k = { id: `bench-keyword-${i}`, keyword: `glp-1 topic ${i}`, active: true, edits: 0 };
        keywords.push(k);
        return [
          {
            stream: keywordNameStreamId(k.keyword),
            type: 'KeywordNameReserved',
            data: { key: k.keyword, keywordId: k.id },
          },
          {
            stream: keywordStreamId(k.id),
            type: 'KeywordCreated',
            data: {
              keywordId: k.id,
              keyword: k.keyword,
              category: 'Medications',
              note: '',
              position: i,
            },
          },
        ];
      }
      const k = pick(keywords);
      const stream = keywordStreamId(k.id);
      const roll = random();
      if (roll < 0.4) {
        k.edits++;
        return [
          {
            stream,
            type: 'KeywordUpdated',
            data: {
              keywordId: k.id,
              keyword: k.keyword,
              category: 'Medications',
              note: `Edited ${k.edits} times`,
              previousKeyword: k.keyword,
            },
          },
        ];
      }
      if (roll < 0.7) {
        return [
          {
            stream,
            type: 'KeywordMoved',
            data: { keywordId: k.id, position: Math.floor(random() * keywords.length) },
          },
        ];
      }
      k.active = !k.active;
      return [
        {
          stream,
          type: k.active ? 'KeywordActivated' : 'KeywordDeactivated',
          data: { keywordId: k.id },
        },
      ];
    },
  });

  // Blog: the rest of the million, spread over the posts (drafts edited, then published).
  const postCount = options.posts ?? 10_000;
  interface LivePost {
    id: string;
    slug: string;
    edits: number;
    published: string | null;
  }
  const posts: LivePost[] = [];
  let created = 0;
  const postFields = (p: LivePost, i: number) => ({
    postId: p.id,
    title: `GLP-1 notes ${i}`,
    slug: p.slug,
    content: postContent(i, p.edits),
    excerpt: null,
    featuredImageUrl: null,
    authorName: 'Bench Editor',
    metaTitle: null,
    metaDescription: null,
    metaKeywords: null,
    canonicalUrl: null,
    ogImageOverride: null,
    enableReviewsSchema: false,
    robotsDirective: null,
    publishedAt: p.published,
  });
  sources.push({
    kind: 'blog',
    left: Number.POSITIVE_INFINITY,
    next() {
      if (created < postCount && (posts.length === 0 || random() < postCount / 400_000)) {
        const i = created++;
        const p: LivePost = {
          id: `bench-post-${i}`,
          slug: `glp1-notes-${i}`,
          edits: 0,
          published: null,
        };
        posts.push(p);
        return [
          {
            stream: slugStreamId(p.slug),
            type: 'PostSlugReserved',
            data: { slug: p.slug, postId: p.id },
          },
          { stream: postStreamId(p.id), type: 'PostCreated', data: postFields(p, i) },
        ];
      }
      const index = Math.floor(random() * posts.length);
      const p = posts[index]!;
      if (p.published === null && p.edits >= 3 && random() < 0.3) {
        p.published = new Date(clock).toISOString();
        return [
          {
            stream: postStreamId(p.id),
            type: 'PostPublished',
            data: { postId: p.id, publishedAt: p.published },
          },
        ];
      }
      p.edits++;
      if (p.published !== null) p.published = new Date(clock).toISOString();
      return [{ stream: postStreamId(p.id), type: 'PostUpdated', data: postFields(p, index) }];
    },
  });

  while (written < total) {
    const finite = sources.filter((s) => s.left > 0 && Number.isFinite(s.left));
    const weights = finite.reduce((sum, s) => sum + s.left, 0);
    const blogShare = Math.max(0, total - written - weights);
    let roll = random() * (weights + blogShare);
    let source = sources.find((s) => s.kind === 'blog')!;
    for (const s of finite) {
      if (roll < s.left) {
        source = s;
        break;
      }
      roll -= s.left;
    }
    const rows = source.next();
    source.left -= rows.length;
    const fromVisitor = source.kind === 'newsletter' || rows[0]?.type === 'ProviderSubmitted';
    const actor = fromVisitor ? visitor : admin;
    write(source.kind, actor, rows.slice(0, total - written));
  }
  if (inTransaction) db.exec('COMMIT');
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  if (keys) {
    keys.exec('COMMIT');
    keys.pragma('wal_checkpoint(TRUNCATE)');
    keys.close();
  }
  return { events: written, byKind, seconds: (performance.now() - started) / 1000, bytes };
}
