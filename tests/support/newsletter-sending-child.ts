/**
 * A sending process for the crash test and the bench (`node --import tsx` this file): opens
 * the embedded backend on DATA_DIR (with SMTP_URL to the test's sink), runs only the
 * newsletter's sending jobs, starts sending ISSUE_ID when START=1, and exits 0 once the issue
 * is sent. Started again on the same DATA_DIR without START, it resumes what was interrupted.
 *
 * Environment: DATA_DIR, SMTP_URL, PUBLIC_URL, ISSUE_ID, START (1 or unset), CONNECTIONS
 * (SMTP connections of a batch), MAIL_PER_MINUTE (optional), UNSUBSCRIBE_SECRET.
 */
import { loadConfig } from '../../workers/bootstrap/config';
import { openBackend } from '../../workers/bootstrap/composition';
import { createLogger } from '../../workers/bootstrap/logger';
import { startJobs } from '../../workers/jobs';
import {
  newsletterSendingJobs,
  sendingTuning,
  startSendingIssue,
} from '../../workers/newsletter/sending';

const env = process.env;
const issueId = env.ISSUE_ID ?? '';

async function main(): Promise<void> {
  const config = loadConfig({
    PROFILE: 'embedded',
    DATA_DIR: env.DATA_DIR ?? '',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'error',
    NODE_ENV: 'test',
    PUBLIC_URL: env.PUBLIC_URL ?? 'http://127.0.0.1:9',
    SMTP_URL: env.SMTP_URL ?? '',
    MAIL_FROM: 'news@vialcompare.example',
    ...(env.UNSUBSCRIBE_SECRET ? { UNSUBSCRIBE_SECRET: env.UNSUBSCRIBE_SECRET } : {}),
    ...(env.MAIL_PER_MINUTE ? { MAIL_PER_MINUTE: env.MAIL_PER_MINUTE } : {}),
  });
  if (env.CONNECTIONS) sendingTuning.connections = Number(env.CONNECTIONS);
  sendingTuning.retryDelaysMs = [100, 200];
  sendingTuning.jobBackoffMs = 200;
  const logger = createLogger({ level: 'error' });
  const backend = await openBackend(config, logger);
  await startJobs(backend.queue, [...newsletterSendingJobs], backend, logger);
  const started = performance.now();
  if (env.START === '1') await startSendingIssue(backend, issueId, { kind: 'system', id: 'test' });
  for (;;) {
    const issue = await backend.readStore.collection('newsletter_issues').findOne({ _id: issueId });
    if (issue?.status === 'sent') break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  process.stdout.write(
    `${JSON.stringify({ sent: true, seconds: (performance.now() - started) / 1000 })}\n`,
  );
  await backend.close();
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
