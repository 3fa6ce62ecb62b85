import { describe, expect, it } from 'vitest';
import { ADMIN_MENU } from '../../../web/admin-sections';
import { adminMenu } from '../../../web/lib/admin-sections';
import { leavesList } from '../../../web/components/data-table/list-search';

// The features' declarations give the back office the same navigation and dashboard, in the same
// order, as the lists the layout and the dashboard held before.
describe('the back-office menu', () => {
  it('lists the navigation in its order', () => {
    expect(ADMIN_MENU.nav.map((l) => [l.label, l.path])).toEqual([
      ['Dashboard', '/admin/dashboard'],
      ['Providers', '/admin/providers'],
      ['Needs recheck', '/admin/providers/recheck'],
      ['Submissions', '/admin/submissions'],
      ['Blog', '/admin/blog'],
      ['Media', '/admin/media'],
      ['Keywords', '/admin/keywords'],
      ['Subscriptions', '/admin/subscriptions'],
      ['Newsletter', '/admin/newsletter'],
      ['Messages', '/admin/messages'],
      ['Site content', '/admin/site-content'],
      ['SEO', '/admin/seo'],
      ['Audit log', '/admin/audit'],
      ['Clicks', '/admin/clicks'],
      ['Reddit jobs', '/admin/reddit'],
      ['Operations', '/admin/operations'],
      ['Administrators', '/admin/users'],
      ['Your account', '/admin/account'],
    ]);
  });

  it('lists the dashboard counts in their order', () => {
    expect(
      ADMIN_MENU.counts.map((c) => [c.label, 'counter' in c ? c.counter : 'own', c.path]),
    ).toEqual([
      ['Providers', 'providers', '/admin/providers'],
      ['Facts to recheck', 'own', '/admin/providers/recheck'],
      ['Email subscriptions', 'subscriptions', '/admin/subscriptions'],
      ['Keywords', 'keywords', '/admin/keywords'],
      ['Images', 'media', '/admin/media'],
      ['Blog posts', 'posts', '/admin/blog'],
      ['New submissions', 'submissions', '/admin/submissions'],
      ['Unread messages', 'contactUnread', '/admin/messages'],
      ['Clicks this week', 'own', '/admin/clicks'],
    ]);
  });

  it('lists the dashboard sections in their order', () => {
    expect(ADMIN_MENU.sections.map((s) => [s.title, s.path])).toEqual([
      ['Providers', '/admin/providers'],
      ['Needs recheck', '/admin/providers/recheck'],
      ['Submissions', '/admin/submissions'],
      ['Email subscriptions', '/admin/subscriptions'],
      ['Newsletter', '/admin/newsletter'],
      ['Media', '/admin/media'],
      ['Trending keywords', '/admin/keywords'],
      ['Administrators', '/admin/users'],
      ['Audit log', '/admin/audit'],
      ['Outbound clicks', '/admin/clicks'],
      ['Operations', '/admin/operations'],
    ]);
  });

  it('lists the panels features draw on the dashboard, in their order', () => {
    expect(ADMIN_MENU.panels.map((p) => p.id)).toEqual(['newsletter', 'price-alerts']);
  });

  it('orders by `order`, whatever the order of the declarations', () => {
    const menu = adminMenu([
      { nav: [{ label: 'B', path: '/admin/blog', order: 2 }] },
      {},
      { nav: [{ label: 'A', path: '/admin/audit', order: 1 }] },
    ]);
    expect(menu.nav.map((l) => l.label)).toEqual(['A', 'B']);
    expect(menu.counts).toEqual([]);
    expect(menu.panels).toEqual([]);
  });
});

describe('a list search waiting to be sent', () => {
  it.each([
    ['/admin/providers', '/admin/providers', false], // a search or a filter: the list stays
    ['/admin/providers', '/admin/providers/p1/edit', true], // Edit
    ['/admin/providers', '/admin/providers/new', true], // Add
    ['/admin/submissions', '/admin/submissions/s1', true], // a row's link
  ])('from %s to %s is dropped: %s', (list, next, dropped) => {
    expect(leavesList(list, next)).toBe(dropped);
  });
});
