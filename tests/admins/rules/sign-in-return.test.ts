/**
 * Where a sign-in goes: back to the back-office page that sent the administrator to sign in,
 * and nowhere else (no open redirect).
 */
import { describe, expect, it } from 'vitest';
import {
  loginPathReturningTo,
  returnPathAfterSignIn,
  SIGNED_IN_HOME,
} from '../../../domain/admins/sign-in';

describe('the page a sign-in returns to', () => {
  it.each<[string, unknown, string]>([
    ['a back-office page', '/admin/providers', '/admin/providers'],
    [
      'with its query',
      '/admin/audit?kind=provider&cursor=00012',
      '/admin/audit?kind=provider&cursor=00012',
    ],
    ['a trailing slash', '/admin/keywords/', '/admin/keywords'],
    ['nothing', undefined, SIGNED_IN_HOME],
    ['a list (?next=a&next=b)', ['/admin/providers', '/admin/blog'], SIGNED_IN_HOME],
    ['another site', '//evil.example/admin/x', SIGNED_IN_HOME],
    ['another site, by backslash', '/\\evil.example/admin/x', SIGNED_IN_HOME],
    ['an absolute URL', 'https://evil.example/admin/x', SIGNED_IN_HOME],
    ['javascript:', 'javascript:alert(1)', SIGNED_IN_HOME],
    ['a public page', '/providers', SIGNED_IN_HOME],
    ['a path leaving /admin once resolved', '/admin/../providers', SIGNED_IN_HOME],
    ['a control character', '/admin/providers\n', SIGNED_IN_HOME],
    ['the login page itself', '/admin/login?next=/admin/x', SIGNED_IN_HOME],
    ['the setup link', '/admin/setup?token=abc', SIGNED_IN_HOME],
    ['an address 2,001 characters long', `/admin/${'x'.repeat(1994)}`, SIGNED_IN_HOME],
  ])('%s', (_case, next, to) => {
    expect(returnPathAfterSignIn(next)).toBe(to);
  });
});

describe('the login address that comes back', () => {
  it.each([
    ['/admin/submissions/42', '/admin/login?next=%2Fadmin%2Fsubmissions%2F42'],
    ['/admin/dashboard', '/admin/login'],
    ['/admin', '/admin/login'],
  ])('for %s is %s', (page, login) => {
    expect(loginPathReturningTo(page)).toBe(login);
  });
});
