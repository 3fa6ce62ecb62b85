import { describe, expect, it } from 'vitest';
import { pageChrome, type PageChrome } from '../../../web/components/layout/page-chrome';
import { copyrightLine } from '../../../web/lib/site';

describe('which frame a page is drawn in (issue 27: the back office has its own chrome)', () => {
  it.each<[string, string[], string, PageChrome, boolean?]>([
    ['the home page', ['__root__', '/'], '/', 'site'],
    ['the calculator', ['__root__', '/calculator'], '/calculator', 'site'],
    ['an unknown public address', ['__root__'], '/no-such-page', 'site'],
    [
      'a signed-in admin screen',
      ['__root__', '/admin/_authed', '/admin/_authed/keywords'],
      '/admin/keywords',
      'back-office',
    ],
    [
      'a nested signed-in admin screen',
      ['__root__', '/admin/_authed', '/admin/_authed/providers/$id/edit'],
      '/admin/providers/p1/edit',
      'back-office',
    ],
    ['the login page', ['__root__', '/admin/login'], '/admin/login', 'back-office-plain'],
    ['the setup link', ['__root__', '/admin/setup'], '/admin/setup', 'back-office-plain'],
    ['an invitation', ['__root__', '/admin/invite'], '/admin/invite', 'back-office-plain'],
    ['an unknown admin address', ['__root__'], '/admin/no-such-screen', 'back-office-plain'],
    [
      'an unknown admin address the signed-in layout began to match',
      ['__root__', '/admin/_authed'],
      '/admin/no-such-screen',
      'back-office-plain',
      true,
    ],
    ['a public path that starts like admin', ['__root__'], '/administration', 'site'],
  ])('%s', (_name, routeIds, pathname, chrome, rootNotFound = false) => {
    expect(pageChrome(routeIds, pathname, rootNotFound)).toBe(chrome);
  });
});

describe('the footer copyright', () => {
  it.each([
    ['the first year', '2025-06-01T00:00:00Z', '© 2025 VialCompare. All rights reserved.'],
    ['a later year', '2026-11-27T12:00:00Z', '© 2025–2026 VialCompare. All rights reserved.'],
    ['New Year in UTC', '2027-01-01T00:00:00Z', '© 2025–2027 VialCompare. All rights reserved.'],
  ])('in %s reads the years up to now', (_when, now, line) => {
    expect(copyrightLine(new Date(now))).toBe(line);
  });
});
