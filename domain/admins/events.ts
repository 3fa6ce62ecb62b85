/**
 * Administrator events. An administrator's stream is keyed by the e-mail
 * (`admin-{sha256(lowercased e-mail)}`, built in commands/ where hashing lives), so
 * registering an e-mail twice is a concurrency conflict on 'no_stream', not a lookup.
 * The one-time setup lives in the single stream 'admin-setup'.
 * Only password hashes are stored; plain passwords and setup tokens never reach an event.
 */
import { z } from 'zod';
import type { DomainEvent } from '../shared/envelope';
import { ADMIN_ROLES } from './roles';

export const ADMIN_SETUP_STREAM = 'admin-setup';
export const ADMIN_STREAM_PREFIX = 'admin-';
/** One stream per invitation, keyed by the sha256 of its one-time token (built in commands/). */
export const ADMIN_INVITATION_STREAM_PREFIX = 'admin-invitation-';
/** How long an invitation link can be used (the users screen and the mail say it in days). */
export const INVITATION_TTL_DAYS = 3;
export const INVITATION_TTL_MS = INVITATION_TTL_DAYS * 24 * 3_600_000;

export { normaliseEmail } from '../shared/email';

const adminId = z.string().min(1);
const passwordHash = z.string().min(1);
const role = z.enum(ADMIN_ROLES);

export const adminEventSchemas = {
  /**
   * `role`: the role assigned at registration (an invitation's). Absent on registrations from
   * the setup link, the command line and every one from before roles: an administrator
   * (`roleOrAdministrator`, read at fold and projection time; old events are never rewritten).
   */
  AdminRegistered: z.object({
    adminId,
    email: z.string().email(),
    passwordHash,
    role: role.optional(),
  }),
  /** An administrator changed another account's role. */
  AdminRoleChanged: z.object({
    adminId,
    role,
    previousRole: role,
    changedBy: z.string().min(1),
  }),
  AdminPasswordChanged: z.object({ adminId, passwordHash }),
  AdminDeactivated: z.object({ adminId }),
  /** A successful sign-in (the list of administrators shows the last one). */
  AdminSignedIn: z.object({ adminId }),
  /** 'Clear All Caches' in the back office: the server's page cache was emptied too. */
  AdminClearedCaches: z.object({ adminId }),
  AdminSetupTokenIssued: z.object({
    tokenHash: z.string().min(1),
    expiresAt: z.string().datetime(),
  }),
  AdminSetupCompleted: z.object({ adminId }),
  /** Another administrator invited `email`; only the one-time token's hash is kept. */
  AdminInvited: z.object({
    invitationId: z.string().min(1),
    email: z.string().email(),
    tokenHash: z.string().min(1),
    expiresAt: z.string().datetime(),
    invitedBy: z.string().min(1),
    /** The role the account gets. Absent on invitations from before roles: administrator. */
    role: role.optional(),
  }),
  AdminInvitationAccepted: z.object({ invitationId: z.string().min(1), adminId }),
  /** An administrator withdrew a pending invitation: its link no longer works. */
  AdminInvitationCancelled: z.object({
    invitationId: z.string().min(1),
    cancelledBy: z.string().min(1),
  }),
  /**
   * A newer invitation to the same address replaced this pending one (`replacedBy`: the new
   * invitation's id): its link no longer works.
   */
  AdminInvitationReplaced: z.object({
    invitationId: z.string().min(1),
    replacedBy: z.string().min(1),
  }),
} as const;

type Schemas = typeof adminEventSchemas;
export type AdminEventType = keyof Schemas;
export type AdminEventData<T extends AdminEventType> = z.infer<Schemas[T]>;

export type AdminEvent = {
  [T in AdminEventType]: DomainEvent<T, AdminEventData<T>>;
}[AdminEventType];

export type AdminUserEvent = Extract<
  AdminEvent,
  {
    type:
      | 'AdminRegistered'
      | 'AdminRoleChanged'
      | 'AdminPasswordChanged'
      | 'AdminDeactivated'
      | 'AdminSignedIn'
      | 'AdminClearedCaches';
  }
>;
export type AdminSetupEvent = Extract<
  AdminEvent,
  { type: 'AdminSetupTokenIssued' | 'AdminSetupCompleted' }
>;

export type AdminInvitationEvent = Extract<
  AdminEvent,
  {
    type:
      | 'AdminInvited'
      | 'AdminInvitationAccepted'
      | 'AdminInvitationCancelled'
      | 'AdminInvitationReplaced';
  }
>;

export function isAdminEventType(type: string): type is AdminEventType {
  return Object.hasOwn(adminEventSchemas, type);
}

export function asAdminEvent(event: { type: string; data: unknown }): AdminEvent | null {
  return isAdminEventType(event.type) ? (event as AdminEvent) : null;
}
