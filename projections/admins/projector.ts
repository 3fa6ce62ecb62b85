/**
 * 'admin_users' ({ _id: adminId, email, passwordHash, active, createdAt }) for login and the
 * admin count, and 'admin_setup' (one document: the current setup token's hash, expiry and
 * whether setup was completed).
 */
import { adminEventSchemas, asAdminEvent } from '../../domain/admins/events';
import type { Projector } from '../projector';
import {
  ADMIN_COLLECTIONS,
  ADMIN_SETUP_ID,
  type AdminInvitationDoc,
  type AdminSetupDoc,
  type AdminUserDoc,
} from './views';

export const adminUsersProjector: Projector = {
  name: 'admin_users',
  version: 1,
  eventTypes: Object.keys(adminEventSchemas),
  collections: [
    ADMIN_COLLECTIONS.adminUsers,
    ADMIN_COLLECTIONS.adminSetup,
    ADMIN_COLLECTIONS.adminInvitations,
  ],
  // The sign-in looks an administrator up by e-mail (one account per address).
  indexes: { [ADMIN_COLLECTIONS.adminUsers]: [{ fields: { email: 1 }, unique: true }] },
  async handle(recorded, ctx) {
    const event = asAdminEvent(recorded);
    if (!event) return;
    const users = ctx.collection<AdminUserDoc>(ADMIN_COLLECTIONS.adminUsers);
    const setup = ctx.collection<AdminSetupDoc>(ADMIN_COLLECTIONS.adminSetup);
    const invitations = ctx.collection<AdminInvitationDoc>(ADMIN_COLLECTIONS.adminInvitations);
    switch (event.type) {
      case 'AdminRegistered':
        await users.upsert({
          _id: event.data.adminId,
          email: event.data.email,
          passwordHash: event.data.passwordHash,
          active: true,
          createdAt: recorded.metadata.occurredAt,
          streamId: recorded.streamId,
          lastSignInAt: null,
          // Kept as recorded: absent reads as administrator (queries.ts).
          ...(event.data.role === undefined ? {} : { role: event.data.role }),
        });
        return;
      case 'AdminRoleChanged':
        await users.update({ _id: event.data.adminId }, { $set: { role: event.data.role } });
        return;
      case 'AdminPasswordChanged':
        await users.update(
          { _id: event.data.adminId },
          { $set: { passwordHash: event.data.passwordHash } },
        );
        return;
      case 'AdminDeactivated':
        await users.update({ _id: event.data.adminId }, { $set: { active: false } });
        return;
      case 'AdminSignedIn':
        await users.update(
          { _id: event.data.adminId },
          { $set: { lastSignInAt: recorded.metadata.occurredAt } },
        );
        return;
      case 'AdminInvited':
        await invitations.upsert({
          _id: event.data.invitationId,
          email: event.data.email,
          tokenHash: event.data.tokenHash,
          expiresAt: event.data.expiresAt,
          invitedBy: event.data.invitedBy,
          createdAt: recorded.metadata.occurredAt,
          status: 'pending',
          adminId: null,
          ...(event.data.role === undefined ? {} : { role: event.data.role }),
        });
        return;
      case 'AdminInvitationAccepted':
        await invitations.update(
          { _id: event.data.invitationId },
          { $set: { status: 'accepted', adminId: event.data.adminId } },
        );
        return;
      case 'AdminInvitationCancelled':
        await invitations.update(
          { _id: event.data.invitationId },
          { $set: { status: 'cancelled' } },
        );
        return;
      case 'AdminInvitationReplaced':
        await invitations.update(
          { _id: event.data.invitationId },
          { $set: { status: 'replaced', replacedBy: event.data.replacedBy } },
        );
        return;
      case 'AdminSetupTokenIssued':
        await setup.upsert({
          _id: ADMIN_SETUP_ID,
          status: 'issued',
          tokenHash: event.data.tokenHash,
          expiresAt: event.data.expiresAt,
          completedAt: null,
          adminId: null,
        });
        return;
      case 'AdminSetupCompleted':
        await setup.upsert({
          _id: ADMIN_SETUP_ID,
          status: 'completed',
          tokenHash: null,
          expiresAt: null,
          completedAt: recorded.metadata.occurredAt,
          adminId: event.data.adminId,
        });
        return;
    }
  },
};
