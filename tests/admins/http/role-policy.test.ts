/**
 * Roles on the real app: EVERY route registered on the admin router (read from the router
 * itself, so a route added tomorrow is covered without an edit here) x every method it answers
 * x signed out / editor / administrator. Signed out: 401. Editor: 403 exactly when the policy
 * (domain/admins/roles.ts) refuses, with the message naming the area. Administrator: never 403.
 * Then the pages: an editor opening a screen that is not theirs gets a 403 page saying why.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminSession as SessionAnswer } from '../../../api/admins/contracts';
import { hashPassword } from '../../../api/auth/password';
import { apiAccess, pageAccess } from '../../../domain/admins/roles';
import {
  registerAdmin,
  request,
  signIn,
  startTestServer,
  type AdminSession,
  type TestServer,
} from '../../support/http-server';

const ADMIN = 'owner@example.com';
const EDITOR = 'writer@example.com';
const PASSWORD = 'a long test password 1';

interface RouterLayer {
  name?: string;
  slash?: boolean;
  route?: { path: unknown; methods: Record<string, boolean> };
  handle?: { stack?: RouterLayer[] };
}

interface AdminRoute {
  method: string;
  /** As registered ('/providers/:id'). */
  pattern: string;
  /** With every parameter filled in ('/providers/role-test'). */
  path: string;
}

/** The router whose own stack holds the role check: the admin router. */
function findAdminRouter(stack: readonly RouterLayer[]): RouterLayer[] | null {
  for (const layer of stack) {
    const inner = layer.handle?.stack;
    if (!inner) continue;
    if (inner.some((l) => l.name === 'roleCheck')) return inner;
    const found = findAdminRouter(inner);
    if (found) return found;
  }
  return null;
}

/** Every route of the admin router and of the routers mounted on it at its root. */
function routesOf(stack: readonly RouterLayer[]): AdminRoute[] {
  return stack.flatMap((layer): AdminRoute[] => {
    if (layer.route) {
      const pattern = String(layer.route.path);
      return Object.keys(layer.route.methods)
        .filter((method) => method !== '_all')
        .map((method) => ({
          method: method.toUpperCase(),
          pattern,
          path: pattern.replace(/:(\w+)/g, 'role-test'),
        }));
    }
    // A router mounted under a sub-path would need its prefix: none is, and the test says so.
    if (layer.handle?.stack) {
      expect(layer.slash, 'a router mounted inside the admin router at a sub-path').toBe(true);
      return routesOf(layer.handle.stack);
    }
    return [];
  });
}

describe('Given an administrator and an editor, every admin route by role', () => {
  let server: TestServer;
  let base: string;
  let admin: AdminSession;
  let editor: AdminSession;
  let routes: AdminRoute[] = [];

  beforeAll(async () => {
    // Reddit refreshes queued by the walk go nowhere (a closed local port), not to reddit.com.
    server = await startTestServer({
      prefix: 'vial-roles-',
      env: { REDDIT_BASE_URL: 'http://127.0.0.1:9' },
    });
    base = server.base;
    await registerAdmin(server.backend, ADMIN, PASSWORD);
    const made = await server.backend.bus.dispatch(
      {
        type: 'RegisterAdmin',
        email: EDITOR,
        passwordHash: await hashPassword(PASSWORD),
        role: 'editor',
      },
      { actor: { kind: 'system', id: 'test' }, correlationId: 'roles' },
    );
    await server.backend.waitForProjections(made.position);
    admin = await signIn(base, ADMIN, PASSWORD);
    editor = await signIn(base, EDITOR, PASSWORD);
    const app = server.server.listeners('request')[0] as unknown as {
      router: { stack: RouterLayer[] };
    };
    const adminRouter = findAdminRouter(app.router.stack);
    expect(adminRouter, 'the admin router (the one holding the role check)').not.toBeNull();
    routes = routesOf(adminRouter ?? []);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('the walk finds the admin routes (a route added later is covered without an edit)', () => {
    expect(routes.length).toBeGreaterThan(60);
    const listed = routes.map((r) => `${r.method} ${r.pattern}`);
    for (const known of ['GET /providers', 'POST /users/invitations', 'GET /dashboard']) {
      expect(listed).toContain(known);
    }
  });

  it('the session answers the role of whoever is signed in', async () => {
    for (const [session, role] of [
      [admin, 'administrator'],
      [editor, 'editor'],
    ] as const) {
      const response = await request(base, '/api/admin/session', { session });
      expect(((await response.json()) as SessionAnswer).user.role).toBe(role);
    }
  });

  /** One request; a session ended by the route itself ('sign out everywhere') is started again. */
  const send = async (route: AdminRoute, who: 'admin' | 'editor' | null) => {
    const session = who === 'admin' ? admin : who === 'editor' ? editor : undefined;
    const response = await request(base, `/api/admin${route.path}`, {
      method: route.method,
      ...(session ? { session } : {}),
      ...(route.method === 'GET' || route.method === 'HEAD' ? {} : { json: {} }),
    });
    if (response.status < 400 && route.pattern.startsWith('/sessions/')) {
      if (who === 'admin') admin = await signIn(base, ADMIN, PASSWORD);
      if (who === 'editor') editor = await signIn(base, EDITOR, PASSWORD);
    }
    return response;
  };

  it('signed out: every admin route answers 401', async () => {
    const wrong: string[] = [];
    for (const route of routes) {
      const response = await send(route, null);
      if (response.status !== 401)
        wrong.push(`${route.method} ${route.pattern}: ${response.status}`);
    }
    expect(wrong).toEqual([]);
  });

  it('editor: 403 naming the area exactly where the policy refuses, and only there', async () => {
    const wrong: string[] = [];
    let refused = 0;
    for (const route of routes) {
      const access = apiAccess('editor', route.method, route.path);
      const response = await send(route, 'editor');
      const line = `${route.method} ${route.pattern}: ${response.status}`;
      if (access.allowed) {
        if (response.status === 403 || response.status === 401) wrong.push(`allowed, got ${line}`);
        continue;
      }
      refused++;
      if (response.status !== 403) {
        wrong.push(`refused, got ${line}`);
        continue;
      }
      const body = (await response.json()) as { error: string; area: string };
      if (body.error !== access.message || body.area !== access.area) {
        wrong.push(`refused with another message: ${line} ${body.error}`);
      }
    }
    expect(wrong).toEqual([]);
    // Editors are refused most of the back office: providers, subscribers, accounts, caches.
    expect(refused).toBeGreaterThan(30);
  });

  it('administrator: no admin route answers 403', async () => {
    const wrong: string[] = [];
    for (const route of routes) {
      const response = await send(route, 'admin');
      if (response.status === 403 || response.status === 401) {
        wrong.push(`${route.method} ${route.pattern}: ${response.status}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it.each([
    ['/admin/providers', 403],
    ['/admin/users', 403],
    ['/admin/subscriptions', 403],
    ['/admin/audit', 403],
    ['/admin/blog', 200],
    ['/admin/keywords', 200],
    ['/admin/account', 200],
  ])('an editor opening the page %s is answered %i by the page guard', async (page, status) => {
    const response = await request(base, page, { session: editor });
    // No pages are mounted in this app: a page the guard lets through falls to the API's 404.
    expect(response.status === 403).toBe(status === 403);
    expect(pageAccess('editor', page).allowed).toBe(status !== 403);
    if (status === 403) {
      const html = await response.text();
      expect(html).toContain('Not available to your role');
      expect(html).toContain('Editors cannot use');
      expect(response.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('an administrator opens every page the editor may not', async () => {
    for (const page of ['/admin/providers', '/admin/users', '/admin/audit']) {
      expect((await request(base, page, { session: admin })).status).not.toBe(403);
    }
  });
});

describe('Given two administrators and an editor, changing roles', () => {
  let server: TestServer;
  let base: string;
  let owner: AdminSession;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    server = await startTestServer({ prefix: 'vial-role-change-' });
    base = server.base;
    ids.owner = await registerAdmin(server.backend, ADMIN, PASSWORD);
    ids.writer = await registerAdmin(server.backend, EDITOR, PASSWORD);
    owner = await signIn(base, ADMIN, PASSWORD);
  });
  afterAll(async () => {
    await server?.close();
  });

  const setRole = (id: string | undefined, role: unknown, as: AdminSession = owner) =>
    request(base, `/api/admin/users/${id}/role`, { session: as, json: { role } });

  it('When another administrator is made an editor, then their next request is refused where editors are', async () => {
    const writer = await signIn(base, EDITOR, PASSWORD);
    expect((await request(base, '/api/admin/providers', { session: writer })).status).toBe(200);
    const response = await setRole(ids.writer, 'editor');
    expect(response.status).toBe(200);
    const refused = await request(base, '/api/admin/providers', { session: writer });
    expect(refused.status).toBe(403);
    expect((await request(base, '/api/admin/session', { session: writer })).status).toBe(200);
    const audit = JSON.stringify(
      await (await request(base, '/api/admin/audit', { session: owner })).json(),
    );
    expect(audit).toContain(`Changed the role of ${EDITOR} from administrator to editor`);
  });

  it.each([
    [
      'an unknown role',
      () => ids.writer,
      'owner',
      400,
      "Choose a role: 'administrator' or 'editor'.",
    ],
    [
      'their own role',
      () => ids.owner,
      'editor',
      409,
      'You cannot change your own role. Ask another administrator to do it.',
    ],
    ['an unknown account', () => 'nobody', 'editor', 404, 'Administrator not found'],
  ])(
    'When an administrator changes %s, then it is refused saying why',
    async (_what, id, role, status, message) => {
      const response = await setRole(id(), role);
      expect(response.status).toBe(status);
      const answer = (await response.json()) as { error: string; fields?: { role?: string } };
      expect(status === 400 ? answer.fields?.role : answer.error).toBe(message);
    },
  );

  it('When an editor tries to change a role or deactivate someone, then 403 (administrators only)', async () => {
    const writer = await signIn(base, EDITOR, PASSWORD);
    const response = await setRole(ids.owner, 'editor', writer);
    expect(response.status).toBe(403);
    const deactivate = await request(base, `/api/admin/users/${ids.owner}/deactivate`, {
      session: writer,
      json: {},
    });
    expect(deactivate.status).toBe(403);
  });
});
