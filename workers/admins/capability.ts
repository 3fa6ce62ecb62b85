/** Administrators' backend half: accounts, sign-in events, the first-administrator setup link. */
import { randomBytes } from 'node:crypto';
import { ConcurrencyError } from '../../commands';
import { adminCommands } from '../../commands/admins';
import { ADMIN_SETUP_STREAM, adminEventSchemas } from '../../domain/admins/events';
import { adminAudit, adminQueries, adminUsersProjector } from '../../projections/admins';
import { defineBackend } from '../bootstrap/capability';
import { adminsConfig } from './config';
import { adminMails } from './mails';

export const SETUP_LINK_TTL_MS = 24 * 3_600_000;
/** How long to wait for the read models to catch up before deciding whether an admin exists. */
const CATCH_UP_MS = 60_000;

export const admins = defineBackend({
  name: 'admins',
  config: adminsConfig,
  eventSchemas: adminEventSchemas,
  commands: adminCommands,
  decisionStatus: {
    admin_already_registered: 409,
    admin_not_found: 404,
    admin_deactivated: 403,
    setup_completed: 410,
    setup_token_invalid: 400,
    setup_token_expired: 410,
    cannot_deactivate_self: 409,
    last_active_admin: 409,
    cannot_change_own_role: 409,
    last_active_admin_role: 409,
    invitation_exists: 409,
    invitation_invalid: 400,
    invitation_expired: 410,
    invitation_used: 410,
    invitation_cancelled: 410,
    invitation_replaced: 410,
  },
  projectors: [adminUsersProjector],
  audit: adminAudit,
  queries: adminQueries,
  mails: adminMails,
  /**
   * No default administrator: while none exists, a one-time setup link (valid 24 hours) is
   * printed to the log. `npm run admin:create` is the terminal alternative. Several api
   * processes starting at once issue one link: each reads the setup stream before deciding and
   * appends at that revision, so the first wins and the others print no link.
   */
  async firstStart(backend) {
    const { config, bus, queries, logger } = backend;
    const seen = (await backend.eventStore.readStream(ADMIN_SETUP_STREAM)).at(-1)?.revision ?? -1;
    const head = await backend.eventStore.headPosition();
    const caughtUp = await backend.waitForProjections(head.toString(), CATCH_UP_MS);
    if (!caughtUp) {
      logger.warn('read models are still catching up; skipping the administrator check for now');
      return { setupLink: null };
    }
    if ((await queries.adminCount()) > 0) return { setupLink: null };

    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + SETUP_LINK_TTL_MS).toISOString();
    try {
      await bus.dispatch(
        { type: 'IssueAdminSetupToken', token, expiresAt, expectedRevision: seen },
        { actor: { kind: 'system', id: 'first-start' }, correlationId: `setup-${Date.now()}` },
      );
    } catch (error) {
      if (!(error instanceof ConcurrencyError)) throw error;
      logger.warn(
        'No administrator exists yet. Another api process issued the one-time setup link just now: open the link printed in its log (or run: npm run admin:create)',
      );
      return { setupLink: null };
    }
    const setupLink = `${config.publicUrl}/admin/setup?token=${token}`;
    logger.warn(
      `No administrator exists yet. Open this one-time link within 24 hours to create one: ${setupLink} (or run: npm run admin:create)`,
      { setupLink, expiresAt },
    );
    return { setupLink };
  },
});
