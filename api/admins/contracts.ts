/** Administrator sign-in and first-start setup: request and response shapes and paths. */
import type { AdminRole } from '../../domain/admins/roles';

export type { AdminRole };

export interface AdminUser {
  id: string;
  email: string;
  /** What the account may use (domain/admins/roles.ts); the server checks every request. */
  role: AdminRole;
}

/**
 * Where the server runs, as its configuration says (NODE_ENV, PROFILE): the back office's
 * environment badge shows it, so an administrator knows which site their changes reach.
 */
export interface AdminDeployment {
  environment: 'development' | 'production' | 'test';
  profile: 'embedded' | 'distributed';
}

/** The answer of sign-in, setup and GET session: who is signed in, and the CSRF token. */
export interface AdminSession {
  user: AdminUser;
  csrfToken: string;
  /** GET session answers it; the sign-in and setup answers leave it out. */
  deployment?: AdminDeployment;
}

/** GET /api/admin/setup?token=: whether a setup link can still be used, and why not. */
export interface SetupCheck {
  valid: boolean;
  reason?: string;
}

export const ADMIN_PATHS = {
  login: '/api/admin/login',
  logout: '/api/admin/logout',
  session: '/api/admin/session',
  setup: '/api/admin/setup',
  /** POST: 'Clear All Caches' empties the server's page cache too (recorded in the audit log). */
  clearCaches: '/api/admin/caches/clear',
} as const;

/** The administrators screen (/admin/users) and the invitation link (/admin/invite?token=). */
export const ADMIN_USER_PATHS = {
  /** GET: { admins, invitations, me }. */
  list: '/api/admin/users',
  /** POST { email, role }: a one-time invitation link (mailed too when SMTP_URL is set). */
  invite: '/api/admin/users/invitations',
  /** DELETE: withdraws a pending invitation; its link then answers 410. */
  cancelInvitation: (id: string) => `/api/admin/users/invitations/${encodeURIComponent(id)}`,
  /** POST: deactivates another administrator and ends their sessions. */
  deactivate: (id: string) => `/api/admin/users/${encodeURIComponent(id)}/deactivate`,
  /** POST { role }: changes another account's role (never your own, never the last administrator). */
  changeRole: (id: string) => `/api/admin/users/${encodeURIComponent(id)}/role`,
  /** POST { currentPassword, newPassword }: your own password; other sessions end. */
  password: '/api/admin/password',
  /** POST: ends all of your sessions, this one included. */
  signOutEverywhere: '/api/admin/sessions/sign-out-everywhere',
  /** GET ?token=: whether an invitation link can be used. POST { token, password }: accept it. */
  invitation: '/api/admin/invitation',
} as const;

export interface AdminListItem {
  id: string;
  email: string;
  active: boolean;
  createdAt: string;
  lastSignInAt: string | null;
  role: AdminRole;
}

export interface InvitationListItem {
  id: string;
  email: string;
  expiresAt: string;
  createdAt: string;
  expired: boolean;
  role: AdminRole;
}

export interface AdminUsersView {
  admins: AdminListItem[];
  invitations: InvitationListItem[];
  /** The signed-in administrator's id (the list marks 'You' and offers no deactivation). */
  me: string;
  /** Whether invitations are e-mailed too (SMTP_URL is set), or only shown to pass on. */
  invitationsMailed: boolean;
}

export interface InvitationCreated {
  email: string;
  role: AdminRole;
  /** The one-time link, shown once to the inviter to pass on. */
  link: string;
  expiresAt: string;
  /** True when SMTP_URL is set: the same link is being e-mailed to the address. */
  mailed: boolean;
  /** How many earlier pending invitations to this address it replaced (their links stop working). */
  replaced: number;
}

/** GET /api/admin/invitation?token=: whether the link can be used, for whom, and why not. */
export interface InvitationCheck {
  valid: boolean;
  email?: string;
  /** The role the account will have. */
  role?: AdminRole;
  reason?: string;
}
