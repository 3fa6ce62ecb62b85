import type { Document } from '../read-store/port';

export const ADMIN_COLLECTIONS = {
  adminUsers: 'admin_users',
  adminSetup: 'admin_setup',
} as const;

/** `_id` is the admin id. Holds the password hash: for the login check only, never sent out. */
export type AdminUserDoc = Document & {
  email: string;
  passwordHash: string;
  active: boolean;
  createdAt: string;
  streamId: string;
};

export const ADMIN_SETUP_ID = 'setup';
export type AdminSetupDoc = Document & {
  status: 'not_started' | 'issued' | 'completed';
  tokenHash: string | null;
  expiresAt: string | null;
  completedAt: string | null;
  adminId: string | null;
};
