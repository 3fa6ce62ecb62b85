/**
 * The newsletter bench's sending process: opens the embedded backend on DATA_DIR (the 200,000
 * subscribers replayed into memory, as `npm start` does), runs only the sending jobs, sends
 * ISSUE_ID to the sink at SMTP_URL and reports, as one JSON line: seconds from the start of
 * the send to the issue recorded as sent, and its own peak RSS (process.resourceUsage).
 */
import { loadConfig } from '../../workers/bootstrap/config';
import { openBackend } from '../../workers/bootstrap/composition';
import { createLogger } from '../../workers/bootstrap/logger';
import { startJobs } from '../../workers/jobs';
import { newsletterSendingJobs, startSendingIssue } from '../../workers/newsletter/sending';

const env = process.env;
const issueId = env.ISSUE_ID ?? '';

async function main(): Promise<void> {
  const config = loadConfig({
    PROFILE: 'embedded',
    DATA_DIR: env.DATA_DIR ?? '',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'error',
    PUBLIC_URL: 'https://vialcompare.example',
    SMTP_URL: env.SMTP_URL ?? '',
    MAIL_FROM: 'news@vialcompare.example',
    UNSUBSCRIBE_SECRET: env.UNSUBSCRIBE_SECRET ?? '',
  });
  const logger = createLogger({ level: 'error' });
  const opened = performance.now();
  const backend = await openBackend(config, logger);
  const readySeconds = (performance.now() - opened) / 1000;
  const readyRssBytes = process.memoryUsage().rss;
  await startJobs(backend.queue, [...newsletterSendingJobs], backend, logger);
  process.send?.({ sending: true });
  // Where the memory is at the highest RSS seen while sending: V8's heap or outside it.
  let atPeak = process.memoryUsage();
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    if (now.rss > atPeak.rss) atPeak = now;
  }, 500);
  const started = performance.now();
  await startSendingIssue(backend, issueId, { kind: 'system', id: 'bench' });
  let doc: Record<string, unknown> | null = null;
  for (;;) {
    doc = await backend.readStore.collection('newsletter_issues').findOne({ _id: issueId });
    if (doc?.status === 'sent') break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const sendSeconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  process.send?.({
    done: true,
    readySeconds,
    readyRssBytes,
    heapUsedBytes: process.memoryUsage().heapUsed,
    atPeak: {
      rssBytes: atPeak.rss,
      heapTotalBytes: atPeak.heapTotal,
      heapUsedBytes: atPeak.heapUsed,
      externalBytes: atPeak.external,
    },
    sendSeconds,
    sent: doc.sent,
    maxRssBytes: process.resourceUsage().maxRSS * 1024,
  });
  await backend.close();
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
