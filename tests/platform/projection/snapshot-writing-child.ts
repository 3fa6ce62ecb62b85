/**
 * A process that writes snapshots without pause, for the kill -9 test (`node --import tsx`
 * this file): opens the embedded backend on DATA_DIR, then records a site content change and
 * writes a snapshot, again and again, printing `snapshot <n>` after each, until killed.
 */
import { openBackend } from '../../../workers/bootstrap/composition';
import { loadConfig } from '../../../workers/bootstrap/config';
import { createLogger } from '../../../workers/bootstrap/logger';

async function main(): Promise<void> {
  const config = loadConfig({
    PROFILE: 'embedded',
    DATA_DIR: process.env.DATA_DIR ?? '',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'error',
    NODE_ENV: 'test',
    UNSUBSCRIBE_SECRET: 'snapshot test unsubscribe secret, forty chars',
  });
  const backend = await openBackend(config, createLogger({ level: 'error' }));
  const context = { actor: { kind: 'system' as const, id: 'test' }, correlationId: 'test' };
  for (let n = 1; ; n++) {
    const result = await backend.bus.dispatch(
      { type: 'SetSiteContent', key: 'newsletter_footer', content: `Footer ${n}`, active: true },
      context,
    );
    await backend.waitForProjections(result.position);
    await backend.snapshot?.();
    process.stdout.write(`snapshot ${n}\n`);
  }
}

void main();
