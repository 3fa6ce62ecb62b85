/**
 * The back office's two roles and the one policy of what an editor may use. Pure: the server
 * enforces it on every admin API request (api/auth/roles.ts) and every admin page
 * (api/auth/admin-page-guard.ts); the browser only mirrors it (the navigation).
 *
 * An administrator may use everything. An editor may use the areas marked for editors below
 * (posts, media, keywords, site content, their own account, reading the dashboard) and nothing
 * else: a path no area names is refused (deny by default), so a new admin route is for
 * administrators until its area is listed here for editors.
 */

export const ADMIN_ROLES = ['administrator', 'editor'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

export function isAdminRole(value: unknown): value is AdminRole {
  return value === 'administrator' || value === 'editor';
}

/**
 * The role an account or an invitation recorded. Events from before roles carry none: every
 * account then was an administrator (the setup link and the command line still make
 * administrators without naming the role), so an absent role reads as 'administrator'.
 */
export function roleOrAdministrator(role: AdminRole | null | undefined): AdminRole {
  return role ?? 'administrator';
}

export const ROLE_LABELS: Readonly<Record<AdminRole, string>> = {
  administrator: 'Administrator',
  editor: 'Editor',
};

/** What each role may do, in words (the users screen and the invitation mail say it). */
export const ROLE_DESCRIPTIONS: Readonly<Record<AdminRole, string>> = {
  administrator: 'Everything in the back office, including providers, subscribers and accounts.',
  editor:
    'Blog posts, media, trending keywords and site content; not providers, subscribers, administrators or caches.',
};

/** 'an administrator' / 'an editor'. */
export const roleWithArticle = (role: AdminRole): string =>
  role === 'administrator' ? 'an administrator' : 'an editor';

/** What an editor may do in an area: everything, read only (GET/HEAD), or nothing. */
type EditorAccess = 'all' | 'read' | 'none';

export interface BackOfficeArea {
  /** How the refusal names it: 'Editors cannot use {name}'. */
  name: string;
  /** First segments of its API paths under /api/admin ('providers' for /providers/:id). */
  api: readonly string[];
  /** First segments of its pages under /admin ('providers' for /admin/providers/recheck). */
  pages: readonly string[];
  editor: EditorAccess;
}

/** The back office by area. Order does not matter: a segment belongs to one area. */
export const BACK_OFFICE_AREAS: readonly BackOfficeArea[] = [
  { name: 'the dashboard', api: ['dashboard'], pages: ['dashboard'], editor: 'read' },
  { name: 'blog posts', api: ['blog'], pages: ['blog'], editor: 'all' },
  { name: 'media', api: ['media'], pages: ['media'], editor: 'all' },
  { name: 'trending keywords', api: ['keywords'], pages: ['keywords'], editor: 'all' },
  {
    name: 'site content',
    api: ['site-content', 'seo-overrides'],
    pages: ['site-content', 'seo'],
    editor: 'all',
  },
  {
    name: 'your own account',
    api: ['password', 'sessions'],
    pages: ['account'],
    editor: 'all',
  },
  { name: 'providers', api: ['providers'], pages: ['providers'], editor: 'none' },
  { name: 'provider submissions', api: ['submissions'], pages: ['submissions'], editor: 'none' },
  {
    name: 'subscribers and the newsletter',
    api: ['subscriptions', 'price-alerts', 'newsletter'],
    pages: ['subscriptions', 'newsletter'],
    editor: 'none',
  },
  { name: 'contact messages', api: ['contact-messages'], pages: ['messages'], editor: 'none' },
  { name: 'the audit log', api: ['audit'], pages: ['audit'], editor: 'none' },
  { name: 'outbound clicks', api: ['clicks'], pages: ['clicks'], editor: 'none' },
  { name: 'Reddit jobs', api: ['reddit'], pages: ['reddit'], editor: 'none' },
  { name: 'administrators', api: ['users'], pages: ['users'], editor: 'none' },
  { name: 'the caches', api: ['caches'], pages: [], editor: 'none' },
  { name: "the server's figures", api: ['metrics'], pages: [], editor: 'none' },
];

export type Access = { allowed: true } | { allowed: false; area: string; message: string };

const ALLOWED: Access = { allowed: true };
const READ_METHODS = new Set(['GET', 'HEAD']);

/** 'providers' for '/providers/p-1/prices' and for '/providers.csv'. */
function firstSegment(path: string): string {
  const segment = path.replace(/^\/+/, '').split('/')[0] ?? '';
  return segment.replace(/\.[a-z0-9]+$/i, '').toLowerCase();
}

function refuse(area: BackOfficeArea | undefined, readOnly = false): Access {
  if (!area) {
    return {
      allowed: false,
      area: 'this part of the back office',
      message:
        'This part of the back office is for administrators only. Ask an administrator if you need a change here.',
    };
  }
  return {
    allowed: false,
    area: area.name,
    message: readOnly
      ? `Editors can read ${area.name} but not change it. Ask an administrator.`
      : `Editors cannot use ${area.name}: it is for administrators only. Ask an administrator if you need a change there.`,
  };
}

function decide(role: AdminRole, area: BackOfficeArea | undefined, method: string): Access {
  if (role === 'administrator') return ALLOWED;
  if (!area || area.editor === 'none') return refuse(area);
  if (area.editor === 'read' && !READ_METHODS.has(method.toUpperCase())) return refuse(area, true);
  return ALLOWED;
}

/**
 * May `role` send `method` to the admin API `path` (relative to /api/admin, as the admin router
 * sees it: '/providers/p-1')? A refusal names the area and says whom to ask.
 */
export function apiAccess(role: AdminRole, method: string, path: string): Access {
  const segment = firstSegment(path);
  return decide(
    role,
    BACK_OFFICE_AREAS.find((area) => area.api.includes(segment)),
    method,
  );
}

/**
 * May `role` open the back-office page `path` ('/admin/providers/recheck')? Pages are read:
 * an area an editor may read or change opens; the others do not.
 */
export function pageAccess(role: AdminRole, path: string): Access {
  const inside = path.replace(/^\/admin(?=\/|$)/i, '');
  const segment = firstSegment(inside);
  return decide(
    role,
    BACK_OFFICE_AREAS.find((area) => area.pages.includes(segment)),
    'GET',
  );
}
