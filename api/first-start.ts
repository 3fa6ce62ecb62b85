/**
 * What a fresh installation needs before anyone can use it:
 * - demo content (a handful of clearly fictional providers) in an empty store, unless
 *   SEED_DEMO=false;
 * - no default administrator: while none exists, a one-time setup link (valid 24 hours) is
 *   printed to the log. `npm run admin:create` is the terminal alternative.
 */
import { randomBytes } from 'node:crypto';
import { seedDemoContent } from '../commands';
import type { Backend } from './composition';

export const SETUP_LINK_TTL_MS = 24 * 3_600_000;
/** How long to wait for the read models to catch up before deciding whether an admin exists. */
const CATCH_UP_MS = 60_000;

export interface FirstStartResult {
  seededProviders: number;
  /** The setup link printed to the log, when no administrator exists yet. */
  setupLink: string | null;
}

export async function prepareFirstStart(backend: Backend): Promise<FirstStartResult> {
  const { config, bus, queries, logger } = backend;
  const seededProviders = config.SEED_DEMO ? await seedDemoContent(bus) : 0;
  if (seededProviders > 0) logger.info('demo providers listed', { count: seededProviders });

  const head = await backend.eventStore.headPosition();
  const caughtUp = await backend.waitForProjections(head.toString(), CATCH_UP_MS);
  if (!caughtUp) {
    logger.warn('read models are still catching up; skipping the administrator check for now');
    return { seededProviders, setupLink: null };
  }
  if ((await queries.adminCount()) > 0) return { seededProviders, setupLink: null };

  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + SETUP_LINK_TTL_MS).toISOString();
  await bus.dispatch(
    { type: 'IssueAdminSetupToken', token, expiresAt },
    { actor: { kind: 'system', id: 'first-start' }, correlationId: `setup-${Date.now()}` },
  );
  const setupLink = `${config.publicUrl}/admin/setup?token=${token}`;
  logger.warn(
    `No administrator exists yet. Open this one-time link within 24 hours to create one: ${setupLink} (or run: npm run admin:create)`,
    { setupLink, expiresAt },
  );
  return { seededProviders, setupLink };
}
