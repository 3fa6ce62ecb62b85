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
