/**
 * The back office's own chrome (issue 27), as the server renders it: admin pages carry none of
 * the public site's header (its navigation and search box) or footer; their skip link leads
 * into the back office's main region; the signed-in pages have the section navigation behind
 * a Menu button; and GET /api/admin/session says which environment the server runs in (the
 * header's badge), from its configuration.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminSession as SessionAnswer } from '../../../api/admins/contracts';
import {
  registerAdmin,
  request,
  signIn,
  startTestServer,
  type AdminSession,
  type TestServer,
} from '../../support/http-server';

const EMAIL = 'chrome@example.com';
const PASSWORD = 'a long test password 27';

/** What marks the public site's chrome in a page's HTML. */
const PUBLIC_HEADER = 'aria-label="Main"';
const PUBLIC_SEARCH = 'id="site-search-top"';
const PUBLIC_FOOTER = '<footer';

let server: TestServer;
let session: AdminSession;

beforeAll(async () => {
  server = await startTestServer({ ssrPages: true, prefix: 'vial-admin-chrome-' });
  await registerAdmin(server.backend, EMAIL, PASSWORD);
  session = await signIn(server.base, EMAIL, PASSWORD);
}, 60_000);

afterAll(async () => {
  await server?.close();
});

const html = async (path: string, signedIn = false, status = 200) => {
  const response = await request(server.base, path, signedIn ? { session } : {});
  expect(response.status, path).toBe(status);
  return response.text();
};

describe('Given the server runs with NODE_ENV=test on the embedded profile', () => {
  it('When the session is read, then it names the environment and the profile', async () => {
    const response = await request(server.base, '/api/admin/session', { session });
    expect(response.status).toBe(200);
    const body = (await response.json()) as SessionAnswer;
    expect(body.user.email).toBe(EMAIL);
    expect(body.deployment).toEqual({ environment: 'test', profile: 'embedded' });
  });

  it('When nobody is signed in, then the session answers 401 and says nothing of the server', async () => {
    const response = await request(server.base, '/api/admin/session');
    expect(response.status).toBe(401);
    expect(await response.text()).not.toContain('embedded');
  });
});

describe('admin pages are drawn in the back office frame, public pages in the site frame', () => {
  it.each(['/admin/login', '/admin/setup', '/admin/invite'])(
    '%s: the product name over the card, no public header, search box or footer',
    async (path) => {
      const page = await html(path);
      expect(page).toContain('VialCompare');
      expect(page).not.toContain(PUBLIC_HEADER);
      expect(page).not.toContain(PUBLIC_SEARCH);
      expect(page).not.toContain(PUBLIC_FOOTER);
      expect(page).toContain('href="#admin-main"');
      expect(page).toContain('<main id="admin-main" tabindex="-1"');
    },
  );

  it('a signed-in screen: its section navigation behind a Menu button, no public chrome', async () => {
    const page = await html('/admin/keywords', true);
    expect(page).not.toContain(PUBLIC_HEADER);
    expect(page).not.toContain(PUBLIC_SEARCH);
    expect(page).not.toContain(PUBLIC_FOOTER);
    expect(page).toContain('aria-label="Admin"');
    expect(page).toMatch(/<button[^>]*aria-expanded="false"[^>]*>.*?<span class="sr-only">Menu</);
    expect(page).toContain('href="#admin-main"');
    expect(page).toContain('<main id="admin-main" tabindex="-1"');
    expect(page).toContain('View site');
  });

  it('an unknown admin address: the not-found page in the plain back office frame', async () => {
    const page = await html('/admin/no-such-screen', true, 404);
    expect(page).toContain('Page not found');
    expect(page).not.toContain(PUBLIC_HEADER);
    expect(page).not.toContain(PUBLIC_FOOTER);
    expect(page).toContain('<main id="admin-main" tabindex="-1"');
  });

  it('an unknown public address keeps the public header and footer', async () => {
    const page = await html('/no-such-page', false, 404);
    expect(page).toContain(PUBLIC_HEADER);
    expect(page).toContain(PUBLIC_FOOTER);
  });

  it('the home page keeps the public header, search box, footer and its skip link', async () => {
    const page = await html('/');
    expect(page).toContain(PUBLIC_HEADER);
    expect(page).toContain(PUBLIC_SEARCH);
    expect(page).toContain(PUBLIC_FOOTER);
    expect(page).toContain('href="#main"');
    expect(page).not.toContain('id="admin-main"');
  });
});
