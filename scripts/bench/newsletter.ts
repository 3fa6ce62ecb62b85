/**
 * `npm run bench -- --only=newsletter`: one issue sent to 200,000 subscribers through a local
 * SMTP sink, MAIL_PER_MINUTE unset. Three processes: this one prepares the DATA_DIR, the sink
 * (./newsletter-sink.ts) accepts and counts, the sender (./newsletter-sender.ts, bundled and
 * run with `npm start`'s node flags, as the built server runs) opens the embedded backend as
 * `npm start` does and sends. Printed: messages per second, total time,
 * the sender's peak RSS (sampled from /proc every 200 ms, and its own maxRSS), each with the
 * 1-minute load average beside it (a busy machine's figures are not this code's).
 *
 * The subscribers are written as production stores them: each address sealed with its own key
 * (VisitorSubscribed { subscriptionId, sealedEmail }, the key in subscriber-keys.sqlite), in
 * large transactions straight into the files (the command bus would fsync 200,000 times).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { bundledBenchScript, startNodeFlags } from './built-server';
import { loadavg } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { EVENT_SCHEMA_VERSION } from '../../commands';
import { openEventStore } from '../../commands/event-store';
import { newSubscriptionId, sealEmail, SqliteSubscriberKeyStore } from '../../commands/newsletter';
import { subscriptionStreamId } from '../../domain/newsletter/events';
import type { EventMetadata } from '../../domain/shared/envelope';
import { openBackend } from '../../workers/bootstrap/composition';
import { loadConfig } from '../../workers/bootstrap/config';
import { createLogger } from '../../workers/bootstrap/logger';
import { SUBSCRIBER_KEYS_FILE } from '../../workers/newsletter/event-log';
import { tempDir } from './temp';

export interface NewsletterBenchResult {
  subscribers: number;
  accepted: number;
  sendSeconds: number;
  messagesPerSecond: number;
  /** Highest VmRSS sampled while sending, and the sender's own maxRSS (boot included). */
  sampledPeakBytes: number;
  maxRssBytes: number;
  readySeconds: number;
  /** RSS when the sender was ready (replayed), before sending; heap used at the end. */
  readyRssBytes: number;
  heapUsedBytes: number;
  /** The sender's own memory at its highest RSS sampled while sending (every 500 ms). */
  atPeak: PeakMemory;
  /** The node flags it ran with: `npm start`'s. */
  nodeFlags: string[];
  load: number;
  prepareSeconds: number;
}

/** Made per run: no secret ships in the code. */
const SECRET = randomBytes(32).toString('base64url');
const COMMIT_EVERY = 20_000;

/** 200,000 sealed subscriptions, written straight into events.sqlite and the key store. */
export function writeSealedSubscribers(dataDir: string, count: number): void {
  const keyFile = path.join(dataDir, SUBSCRIBER_KEYS_FILE);
  void SqliteSubscriberKeyStore.open(keyFile).close(); // creates the schema
  const keys = new Database(keyFile);
  keys.pragma('journal_mode = WAL');
  keys.pragma('synchronous = OFF');
  const events = new Database(path.join(dataDir, 'events.sqlite'));
  events.pragma('journal_mode = WAL');
  events.pragma('synchronous = OFF');
  const putKey = keys.prepare(
    'INSERT INTO subscriber_keys (subscription_id, key, destroyed_at) VALUES (?, ?, NULL)',
  );
  const putEvent = events.prepare(
    'INSERT INTO events (stream_id, revision, type, data, metadata) VALUES (?, ?, ?, ?, ?)',
  );
  let clock = Date.parse('2025-01-01T08:00:00Z');
  for (let start = 0; start < count; start += COMMIT_EVERY) {
    const end = Math.min(count, start + COMMIT_EVERY);
    keys.exec('BEGIN');
    events.exec('BEGIN');
    for (let i = start; i < end; i++) {
      const subscriptionId = newSubscriptionId();
      const key = randomBytes(32);
      putKey.run(subscriptionId, key);
      const correlationId = randomUUID();
      const metadata: EventMetadata = {
        eventId: randomUUID(),
        occurredAt: new Date((clock += 1_000)).toISOString(),
        actor: { kind: 'visitor', id: 'anonymous' },
        correlationId,
        causationId: correlationId,
        schemaVersion: EVENT_SCHEMA_VERSION,
      };
      const email = `reader-${i}@bench.example`;
      putEvent.run(
        subscriptionStreamId(subscriptionId),
        0,
        'VisitorSubscribed',
        JSON.stringify({ subscriptionId, sealedEmail: sealEmail(key, subscriptionId, email) }),
        JSON.stringify(metadata),
      );
    }
    keys.exec('COMMIT');
    events.exec('COMMIT');
  }
  keys.close();
  events.close();
}

/** The footer line and a drafted issue, through the command bus: the issue's id. */
async function draftIssue(dataDir: string): Promise<string> {
  const config = loadConfig({
    PROFILE: 'embedded',
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'error',
    PUBLIC_URL: 'https://vialcompare.example',
    UNSUBSCRIBE_SECRET: SECRET,
  });
  const backend = await openBackend(config, createLogger({ level: 'error' }));
  try {
    const context = { actor: { kind: 'system' as const, id: 'bench' }, correlationId: 'bench' };
    await backend.bus.dispatch(
      {
        type: 'SetSiteContent',
        key: 'newsletter_footer',
        content: 'VialCompare, 100 Main Street, Springfield, OH 45501',
        active: true,
      },
      context,
    );
    const drafted = await backend.bus.dispatch(
      {
        type: 'DraftNewsletterIssue',
        subject: 'This week in GLP-1 prices',
        preheader: 'Two price drops and a new provider',
        bodyHtml:
          '<h2>Price drops</h2><p>Acme Health: semaglutide from $299 to $249 a month ' +
          '(checked Nov 20, 2026).</p><ul><li>Bench Provider 1: tirzepatide $399 → $379</li>' +
          '<li>Bench Provider 2: semaglutide $229 → $199</li></ul><h2>New providers</h2>' +
          '<p>Three providers were listed this week. <a href="https://vialcompare.example/">Compare them</a>.</p>',
        periodFrom: '2026-11-13T00:00:00.000Z',
        periodTo: '2026-11-20T00:00:00.000Z',
        composedBy: 'administrator',
      },
      context,
    );
    return drafted.id;
  } finally {
    await backend.close();
  }
}

export interface PeakMemory {
  rssBytes: number;
  heapTotalBytes: number;
  heapUsedBytes: number;
  externalBytes: number;
}

const here = path.dirname(new URL(import.meta.url).pathname);

function child(
  file: string,
  env: Record<string, string> = {},
  nodeFlags: readonly string[] = [],
): ChildProcess {
  const bundled = file.endsWith('.mjs');
  return fork(bundled ? file : path.join(here, file), [], {
    // BENCH_CPU_PROF=dir writes a CPU profile of each process there (where the time goes).
    execArgv: [
      ...nodeFlags,
      ...(bundled ? [] : ['--import', 'tsx']),
      ...(process.env.BENCH_CPU_PROF
        ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
        : []),
    ],
    env: { ...process.env, NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
}

function nextMessage<T>(proc: ChildProcess, test: (m: Record<string, unknown>) => boolean) {
  return new Promise<T>((resolve, reject) => {
    const onMessage = (message: unknown) => {
      const m = message as Record<string, unknown>;
      if (!test(m)) return;
      proc.off('message', onMessage);
      resolve(m as T);
    };
    proc.on('message', onMessage);
    proc.once('exit', (code) => reject(new Error(`${String(proc.spawnfile)} exited (${code})`)));
  });
}

const rssOf = (pid: number): number => {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return Number(kb ?? 0) * 1024;
  } catch {
    return 0;
  }
};

export async function benchNewsletter(subscribers: number): Promise<NewsletterBenchResult> {
  const prepared = performance.now();
  const dataDir = tempDir('newsletter');
  await (
    await openEventStore({ kind: 'sqlite', path: path.join(dataDir, 'events.sqlite') })
  ).close();
  writeSealedSubscribers(dataDir, subscribers);
  const issueId = await draftIssue(dataDir);
  const prepareSeconds = (performance.now() - prepared) / 1000;

  const sink = child('newsletter-sink.ts');
  try {
    const { port } = await nextMessage<{ port: number }>(sink, (m) => 'port' in m);
    const sender = child(
      await bundledBenchScript(path.join(here, '../..'), 'scripts/bench/newsletter-sender.ts'),
      {
        DATA_DIR: dataDir,
        SMTP_URL: `smtp://127.0.0.1:${port}`,
        ISSUE_ID: issueId,
        UNSUBSCRIBE_SECRET: SECRET,
      },
      startNodeFlags(path.join(here, '../..')),
    );
    const done = nextMessage<{
      readySeconds: number;
      readyRssBytes: number;
      heapUsedBytes: number;
      atPeak: PeakMemory;
      sendSeconds: number;
      maxRssBytes: number;
    }>(sender, (m) => m.done === true);
    await nextMessage(sender, (m) => m.sending === true);
    let sampledPeakBytes = 0;
    const sampler = setInterval(() => {
      sampledPeakBytes = Math.max(sampledPeakBytes, rssOf(sender.pid ?? 0));
    }, 200);
    const result = await done.finally(() => clearInterval(sampler));
    const load = loadavg()[0] ?? 0;
    sink.send('count');
    const { accepted } = await nextMessage<{ accepted: number }>(sink, (m) => 'accepted' in m);
    await new Promise((resolve) => sender.once('exit', resolve));
    return {
      subscribers,
      accepted,
      sendSeconds: result.sendSeconds,
      messagesPerSecond: accepted / result.sendSeconds,
      sampledPeakBytes,
      maxRssBytes: result.maxRssBytes,
      readySeconds: result.readySeconds,
      readyRssBytes: result.readyRssBytes,
      heapUsedBytes: result.heapUsedBytes,
      atPeak: result.atPeak,
      nodeFlags: startNodeFlags(path.join(here, '../..')),
      load,
      prepareSeconds,
    };
  } finally {
    sink.kill();
  }
}
