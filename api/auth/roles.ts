/**
 * The role check of the admin API: mounted right after requireAdmin on the admin router
 * (api/app.ts), so every admin route, present and future, passes through the one policy of
 * domain/admins/roles.ts. An editor asking for an area that is not theirs gets 403 naming it.
 */
import type { RequestHandler } from 'express';
import { apiAccess, type AdminRole } from '../../domain/admins/roles';
import { ACCESS_DENIED_MESSAGE } from './sessions';

export interface RequireRoleOptions {
  /** The signed-in account's role now (read model); null when it is gone or deactivated. */
  roleOf(adminId: string): Promise<AdminRole | null>;
}

/** 403 `{ error, area }` when the signed-in account's role may not use this path and method. */
export function requireRole({ roleOf }: RequireRoleOptions): RequestHandler {
  // Named: the policy's table test finds the admin router by it.
  return async function roleCheck(req, res, next) {
    const admin = res.locals.admin;
    if (!admin) {
      next(new Error('requireRole is mounted without requireAdmin before it'));
      return;
    }
    const role = await roleOf(admin.adminId);
    if (!role) {
      res.status(403).json({ error: ACCESS_DENIED_MESSAGE });
      return;
    }
    const access = apiAccess(role, req.method, req.path);
    if (!access.allowed) {
      res.status(403).json({ error: access.message, area: access.area });
      return;
    }
    next();
  };
}
