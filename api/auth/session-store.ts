import { createHash, randomBytes } from 'node:crypto';

/**
 * The SessionStore port. Adapters: SQLite (embedded profile) and Redis (distributed).
 *
 * The browser holds the session id; the store keeps only its SHA-256, so a leaked sessions
 * table or Redis dump cannot be replayed as cookies.
 */
export interface SessionData {
  adminId: string;
  email: string;
  csrfToken: string;
  /** Epoch milliseconds of the sign-in; lets callers enforce an absolute lifetime. */
  createdAt: number;
}

export interface StoredSession extends SessionData {
  /** Epoch milliseconds at which the store forgets the session (moved forward by `touch`). */
  expiresAt: number;
}

export interface SessionStore {
  /** Stores the data under a new random id and returns the id (for the cookie). */
  create(data: SessionData, ttlMs: number): Promise<string>;
  /** The live session for an id, or null when unknown, expired or malformed. */
  get(id: string): Promise<StoredSession | null>;
  /** Extends a live session to expire `ttlMs` from now (sliding expiry). No-op for unknown ids. */
  touch(id: string, ttlMs: number): Promise<void>;
  destroy(id: string): Promise<void>;
  /** Signs an administrator out everywhere (deactivation, password change). */
  destroyAllFor(adminId: string): Promise<void>;
  close(): Promise<void>;
}

/** 32 random bytes, base64url: 43 characters, 256 bits of entropy. */
export function newSessionId(): string {
  return randomBytes(32).toString('base64url');
}

const SESSION_ID_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** Cheap guard before any lookup: cookies that could not have come from us never reach the store. */
export function isWellFormedSessionId(id: string): boolean {
  return SESSION_ID_PATTERN.test(id);
}

/** The server-side key of a session id. */
export function hashSessionId(id: string): string {
  return createHash('sha256').update(id).digest('base64url');
}

/** A fresh CSRF token for a session (echoed by the admin UI in X-CSRF-Token). */
export function newCsrfToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Validates stored JSON: a corrupt row is treated as no session rather than trusted. */
export function parseSessionData(value: unknown): SessionData | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  if (
    typeof v.adminId !== 'string' ||
    typeof v.email !== 'string' ||
    typeof v.csrfToken !== 'string' ||
    typeof v.createdAt !== 'number'
  ) {
    return null;
  }
  return { adminId: v.adminId, email: v.email, csrfToken: v.csrfToken, createdAt: v.createdAt };
}
