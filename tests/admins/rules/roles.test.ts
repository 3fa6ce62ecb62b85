/**
 * The role policy (domain/admins/roles.ts) as tables: which admin API paths and methods, and
 * which back-office pages, an editor may use; administrators may use everything; anything the
 * policy does not name is refused (deny by default). And the navigation agrees with it: an
 * editor is shown exactly the screens they may open.
 */
import { describe, expect, it } from 'vitest';
import {
  ADMIN_ROLES,
  apiAccess,
  pageAccess,
  roleOrAdministrator,
} from '../../../domain/admins/roles';
import { ADMIN_MENU } from '../../../web/admin-sections';
import { menuForRole } from '../../../web/lib/admin-sections';

describe('the admin API, for an editor', () => {
  it.each([
    // [method, path under /api/admin, allowed, area named by a refusal]
    ['GET', '/blog/posts', true, null],
    ['PUT', '/blog/posts/p-1', true, null],
    ['DELETE', '/blog/posts/p-1', true, null],
    ['POST', '/blog/preview', true, null],
    ['POST', '/media', true, null],
    ['DELETE', '/media/m-1', true, null],
    ['POST', '/keywords/k-1/move', true, null],
    ['PUT', '/site-content/hero', true, null],
    ['PUT', '/seo-overrides', true, null],
    ['POST', '/password', true, null],
    ['POST', '/sessions/sign-out-everywhere', true, null],
    ['GET', '/dashboard', true, null],
    ['POST', '/dashboard', false, 'the dashboard'],
    ['GET', '/providers', false, 'providers'],
    ['GET', '/providers.csv', false, 'providers'],
    ['PUT', '/providers/p-1/prices', false, 'providers'],
    ['POST', '/submissions/s-1/accept', false, 'provider submissions'],
    ['GET', '/subscriptions', false, 'subscribers and the newsletter'],
    ['GET', '/subscriptions.csv', false, 'subscribers and the newsletter'],
    ['POST', '/newsletter/issues/i-1/send', false, 'subscribers and the newsletter'],
    ['GET', '/price-alerts/summary', false, 'subscribers and the newsletter'],
    ['GET', '/contact-messages', false, 'contact messages'],
    ['GET', '/audit', false, 'the audit log'],
    ['GET', '/audit.csv', false, 'the audit log'],
    ['GET', '/clicks', false, 'outbound clicks'],
    ['POST', '/reddit/refresh', false, 'Reddit jobs'],
    ['POST', '/users/invitations', false, 'administrators'],
    ['POST', '/users/a-1/role', false, 'administrators'],
    ['POST', '/caches/clear', false, 'the caches'],
    ['GET', '/metrics', false, "the server's figures"],
    // Deny by default: a path no area names.
    ['POST', '/operations/rebuild', false, 'this part of the back office'],
    ['GET', '/', false, 'this part of the back office'],
  ] as const)('%s %s: allowed %s', (method, path, allowed, area) => {
    const access = apiAccess('editor', method, path);
    expect(access.allowed).toBe(allowed);
    if (!access.allowed) {
      expect(access.area).toBe(area);
      expect(access.message).toMatch(/administrator/);
    }
  });

  it('a refusal says what is refused and whom to ask', () => {
    expect(apiAccess('editor', 'PUT', '/providers/p-1')).toEqual({
      allowed: false,
      area: 'providers',
      message:
        'Editors cannot use providers: it is for administrators only. Ask an administrator if you need a change there.',
    });
  });
});

describe('the admin API, for an administrator', () => {
  it.each([
    ['PUT', '/providers/p-1/prices'],
    ['POST', '/users/invitations'],
    ['POST', '/caches/clear'],
    ['POST', '/operations/rebuild'],
    ['DELETE', '/subscriptions/s-1'],
  ])('%s %s is allowed', (method, path) => {
    expect(apiAccess('administrator', method, path).allowed).toBe(true);
  });
});

describe('back-office pages, for an editor', () => {
  it.each([
    ['/admin/dashboard', true],
    ['/admin/blog', true],
    ['/admin/blog/p-1/edit', true],
    ['/admin/media', true],
    ['/admin/keywords', true],
    ['/admin/site-content', true],
    ['/admin/site-content/hero', true],
    ['/admin/seo', true],
    ['/admin/account', true],
    ['/admin/providers', false],
    ['/admin/providers/recheck', false],
    ['/admin/submissions', false],
    ['/admin/subscriptions', false],
    ['/admin/newsletter', false],
    ['/admin/messages', false],
    ['/admin/audit', false],
    ['/admin/clicks', false],
    ['/admin/reddit', false],
    ['/admin/users', false],
    ['/admin/operations', false],
  ] as const)('%s opens: %s', (page, allowed) => {
    expect(pageAccess('editor', page).allowed).toBe(allowed);
    expect(pageAccess('administrator', page).allowed).toBe(true);
  });
});

describe('roles recorded before roles existed', () => {
  it.each([
    [undefined, 'administrator'],
    [null, 'administrator'],
    ['editor', 'editor'],
    ['administrator', 'administrator'],
  ] as const)('%s reads as %s', (recorded, role) => {
    expect(roleOrAdministrator(recorded)).toBe(role);
  });
});

describe('the navigation agrees with the policy', () => {
  it.each(ADMIN_ROLES)('%s is shown exactly the screens they may open', (role) => {
    const menu = menuForRole(ADMIN_MENU, role);
    const shown = new Set(menu.nav.map((link) => String(link.path)));
    for (const link of ADMIN_MENU.nav) {
      const path = String(link.path);
      expect(shown.has(path), path).toBe(pageAccess(role, path).allowed);
    }
    for (const item of [...menu.counts, ...menu.sections]) {
      if (item.path) expect(pageAccess(role, String(item.path)).allowed, item.path).toBe(true);
    }
  });

  it('an editor sees the writing screens and their account, nothing else', () => {
    expect(menuForRole(ADMIN_MENU, 'editor').nav.map((link) => link.label)).toEqual([
      'Dashboard',
      'Blog',
      'Media',
      'Keywords',
      'Site content',
      'SEO',
      'Your account',
    ]);
    expect(menuForRole(ADMIN_MENU, 'editor').panels).toEqual([]);
  });

  it('an administrator sees the whole menu', () => {
    expect(menuForRole(ADMIN_MENU, 'administrator').nav).toEqual(ADMIN_MENU.nav);
  });
});
