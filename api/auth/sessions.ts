import type { CookieOptions, Request, RequestHandler, Response } from 'express';
import type { Logger } from '../../workers/bootstrap/logger';
import type { AdminPrincipal } from '../http/locals';
import { newCsrfToken, type SessionData, type SessionStore } from './session-store';
import { ACCESS_DENIED_MESSAGE } from '../../domain/admins/sign-in';

export const ADMIN_AUTH_REQUIRED_MESSAGE = 'Admin authentication required';
export { ACCESS_DENIED_MESSAGE };

export interface SessionsOptions {
  store: SessionStore;
  /** True when PUBLIC_URL is https: the cookie gets Secure and the __Host- prefix. */
  secure: boolean;
  /** Idle lifetime: a session unused this long expires (sliding; e.g. SESSION_TTL_HOURS). */
  ttlMs: number;
  /** Hard limit since sign-in, however active the session (default 7 days, at least ttlMs). */
  absoluteTtlMs?: number;
  now?: () => number;
  logger?: Logger;
}

export interface RequireAdminOptions {
  /** The read-model check: does this administrator exist and is still active? */
  isAdminActive(adminId: string): boolean | Promise<boolean>;
}

export interface Sessions {
  /** '__Host-vial_session' when secure, else 'vial_session'. */
  readonly cookieName: string;
  /** Sets res.locals.admin to the signed-in administrator or null; clears stale cookies. */
  loadSession: RequestHandler;
  /** Signs in: destroys the request's old session (rotation), issues a new id and cookie. */
  startSession(res: Response, who: { adminId: string; email: string }): Promise<SessionData>;
  /** Signs out: destroys the session and clears the cookie. */
  endSession(res: Response): Promise<void>;
  /** 401 when not signed in, 403 (and sessions destroyed) when the admin is no longer active. */
  requireAdmin(options: RequireAdminOptions): RequestHandler;
  /** Signs an administrator out on every device (deactivation, password change). */
  signOutEverywhere(adminId: string): Promise<void>;
}

/** Reads one cookie without depending on cookie-parser being mounted. */
export function readCookie(req: Request, name: string): string | undefined {
  const parsed = (req as Request & { cookies?: Record<string, unknown> }).cookies?.[name];
  if (typeof parsed === 'string') return parsed;
  const header = req.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1 || part.slice(0, eq).trim() !== name) continue;
    const value = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(value);
    } catch {
      return undefined;
    }
  }
  return undefined;
}

export function createSessions(options: SessionsOptions): Sessions {
  const { store, secure, ttlMs } = options;
  const now = options.now ?? Date.now;
  const absoluteTtlMs = Math.max(options.absoluteTtlMs ?? 7 * 24 * 3_600_000, ttlMs);
  const cookieName = secure ? '__Host-vial_session' : 'vial_session';
  // __Host- requires Secure, Path=/ and no Domain; the same attributes suit the plain name.
  const baseCookie: CookieOptions = { httpOnly: true, sameSite: 'lax', secure, path: '/' };
  /** The session id each response is serving, so rotation finds it without re-reading cookies. */
  const currentIds = new WeakMap<Response, string>();

  const setCookie = (res: Response, id: string, maxAgeMs: number) => {
    res.cookie(cookieName, id, { ...baseCookie, maxAge: Math.max(1000, maxAgeMs) });
  };
  const clearCookie = (res: Response) => {
    res.clearCookie(cookieName, baseCookie);
  };
  const toPrincipal = (data: SessionData): AdminPrincipal => ({
    adminId: data.adminId,
    email: data.email,
    csrfToken: data.csrfToken,
  });

  const loadSession: RequestHandler = async (req, res, next) => {
    res.locals.admin = null;
    const id = readCookie(req, cookieName);
    if (!id) {
      next();
      return;
    }
    const session = await store.get(id);
    const at = now();
    if (!session || at - session.createdAt >= absoluteTtlMs) {
      if (session) await store.destroy(id);
      clearCookie(res);
      next();
      return;
    }
    currentIds.set(res, id);
    res.locals.admin = toPrincipal(session);
    // Slide the expiry only once half of it is used: one write per half-TTL, not per request.
    const remaining = session.expiresAt - at;
    if (remaining < ttlMs / 2) {
      const extended = Math.min(ttlMs, absoluteTtlMs - (at - session.createdAt));
      await store.touch(id, extended);
      setCookie(res, id, extended);
    }
    next();
  };

  const startSession = async (res: Response, who: { adminId: string; email: string }) => {
    const oldId = currentIds.get(res) ?? readCookie(res.req, cookieName);
    if (oldId) await store.destroy(oldId);
    const data: SessionData = {
      adminId: who.adminId,
      email: who.email,
      csrfToken: newCsrfToken(),
      createdAt: now(),
    };
    const id = await store.create(data, ttlMs);
    currentIds.set(res, id);
    setCookie(res, id, ttlMs);
    res.locals.admin = toPrincipal(data);
    return data;
  };

  const endSession = async (res: Response) => {
    const id = currentIds.get(res) ?? readCookie(res.req, cookieName);
    if (id) await store.destroy(id);
    currentIds.delete(res);
    clearCookie(res);
    res.locals.admin = null;
  };

  const requireAdmin = ({ isAdminActive }: RequireAdminOptions): RequestHandler => {
    return async (_req, res, next) => {
      const admin = res.locals.admin;
      if (admin === undefined) {
        next(new Error('requireAdmin is mounted without loadSession before it'));
        return;
      }
      if (admin === null) {
        res.status(401).json({ error: ADMIN_AUTH_REQUIRED_MESSAGE });
        return;
      }
      let active: boolean;
      try {
        active = await isAdminActive(admin.adminId);
      } catch (error) {
        // As in the product: a failed admin check counts as "not admin". The session is kept,
        // since the failure may be passing; the request is refused.
        options.logger?.error('admin check failed', { adminId: admin.adminId, err: error });
        res.status(403).json({ error: ACCESS_DENIED_MESSAGE });
        return;
      }
      if (!active) {
        await store.destroyAllFor(admin.adminId);
        currentIds.delete(res);
        clearCookie(res);
        res.locals.admin = null;
        res.status(403).json({ error: ACCESS_DENIED_MESSAGE });
        return;
      }
      next();
    };
  };

  return {
    cookieName,
    loadSession,
    startSession,
    endSession,
    requireAdmin,
    signOutEverywhere: (adminId) => store.destroyAllFor(adminId),
  };
}
