/** Administrator sign-in and first-start setup: request and response shapes and paths. */

export interface AdminUser {
  id: string;
  email: string;
}

/** The answer of sign-in, setup and GET session: who is signed in, and the CSRF token. */
export interface AdminSession {
  user: AdminUser;
  csrfToken: string;
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
  /** POST { email }: a one-time invitation link. */
  invite: '/api/admin/users/invitations',
  /** DELETE: withdraws a pending invitation; its link then answers 410. */
  cancelInvitation: (id: string) => `/api/admin/users/invitations/${encodeURIComponent(id)}`,
  /** POST: deactivates another administrator and ends their sessions. */
  deactivate: (id: string) => `/api/admin/users/${encodeURIComponent(id)}/deactivate`,
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
}

export interface InvitationListItem {
  id: string;
  email: string;
  expiresAt: string;
  createdAt: string;
  expired: boolean;
}

export interface AdminUsersView {
  admins: AdminListItem[];
  invitations: InvitationListItem[];
  /** The signed-in administrator's id (the list marks 'You' and offers no deactivation). */
  me: string;
}

export interface InvitationCreated {
  email: string;
  /** The one-time link, shown once to the inviter to pass on. */
  link: string;
  expiresAt: string;
}

/** GET /api/admin/invitation?token=: whether the link can be used, for whom, and why not. */
export interface InvitationCheck {
  valid: boolean;
  email?: string;
  reason?: string;
}
