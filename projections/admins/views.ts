import type { AdminRole } from '../../domain/admins/roles';
import type { Document } from '../read-store/port';

export const ADMIN_COLLECTIONS = {
  adminUsers: 'admin_users',
  adminSetup: 'admin_setup',
  adminInvitations: 'admin_invitations',
} as const;

/** `_id` is the admin id. Holds the password hash: for the login check only, never sent out. */
export type AdminUserDoc = Document & {
  email: string;
  passwordHash: string;
  active: boolean;
  createdAt: string;
  streamId: string;
  /** ISO time of the last successful sign-in (null: never signed in since it was recorded). */
  lastSignInAt?: string | null;
  /** Absent on accounts registered without a role (before roles, setup, CLI): administrator. */
  role?: AdminRole;
};

/** `_id` is the invitation id. Holds the token's hash (to find the invitation from its link). */
export type AdminInvitationDoc = Document & {
  email: string;
  tokenHash: string;
  expiresAt: string;
  invitedBy: string;
  createdAt: string;
  status: 'pending' | 'accepted' | 'cancelled' | 'replaced';
  adminId: string | null;
  /** Absent on invitations from before roles: administrator. */
  role?: AdminRole;
  /** The newer invitation to the same address that replaced this one. */
  replacedBy?: string;
};

export const ADMIN_SETUP_ID = 'setup';
export type AdminSetupDoc = Document & {
  status: 'not_started' | 'issued' | 'completed';
  tokenHash: string | null;
  expiresAt: string | null;
  completedAt: string | null;
  adminId: string | null;
};
