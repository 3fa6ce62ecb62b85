/**
 * The distributed profile's path: the sending jobs on BullMQ (the local Redis, a key prefix of
 * this file's own), over a real backend and a real SMTP sink: the issue goes to every
 * subscriber once and ends 'sent'. Skipped with a printed reason when Redis does not answer
 * (never in CI).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openBackend, type Backend } from '../../../workers/bootstrap/composition';
import { loadConfig } from '../../../workers/bootstrap/config';
import { createLogger } from '../../../workers/bootstrap/logger';
import { startJobs } from '../../../workers/jobs';
import { newsletterSendingJobs, startSendingIssue } from '../../../workers/newsletter/sending';
import { BullMqJobQueue } from '../../../workers/queue/bullmq';
import { localRedisFor, REDIS_URL } from '../../support/local-redis';
import {
  prepareIssue,
  readerAddress,
  startSink,
  until,
  type Sink,
} from '../../support/newsletter-sending';

const unreachable = await localRedisFor('newsletter sending on BullMQ');
const prefix = `vialtest-sending-${process.pid}-${Date.now()}`;
const logger = createLogger({ level: 'error' });
let backend: Backend | null = null;
let queue: BullMqJobQueue | null = null;
let sink: Sink | null = null;
let dataDir = '';

afterEach(async () => {
  await queue?.close();
  const cleaner = new BullMqJobQueue({ url: REDIS_URL, prefix });
  await cleaner.obliterate({ force: true });
  await cleaner.close();
  await backend?.close();
  await sink?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe.skipIf(unreachable !== undefined)('sending an issue with the jobs on BullMQ', () => {
  it('sends every subscriber the issue once and records it sent', async () => {
    sink = await startSink();
    dataDir = mkdtempSync(path.join(tmpdir(), 'vial-sending-bullmq-'));
    const config = loadConfig({
      PROFILE: 'embedded',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'error',
      NODE_ENV: 'test',
      PUBLIC_URL: 'https://vial.example',
      SMTP_URL: sink.url,
      UNSUBSCRIBE_SECRET: 'bullmq sending test unsubscribe secret, 40 chars',
    });
    backend = await openBackend(config, logger);
    queue = new BullMqJobQueue({ url: REDIS_URL, prefix, logger });
    // The backend with BullMQ as its queue, as the distributed worker has it.
    const deps: Backend = Object.assign(Object.create(backend) as Backend, { queue });
    await startJobs(queue, [...newsletterSendingJobs], deps, logger);
    const { issueId } = await prepareIssue(backend, { subscribers: 5 });

    await startSendingIssue(deps, issueId, { kind: 'system', id: 'test' });
    const issue = await until(
      async () => {
        const doc = await backend?.readStore
          .collection('newsletter_issues')
          .findOne({ _id: issueId });
        return doc?.status === 'sent' ? doc : null;
      },
      30_000,
      'the issue to be sent',
    );
    expect(issue).toMatchObject({ recipients: 5, sent: 5, failed: 0, bounced: 0 });
    expect(sink.accepted.map((m) => m.to).sort()).toEqual(
      [0, 1, 2, 3, 4].map(readerAddress).sort(),
    );
  }, 60_000);
});
