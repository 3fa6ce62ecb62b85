/**
 * The preferences page as the server renders it (what a browser without JavaScript gets): a
 * form posting to its own address with the subscriber's choices ticked, labelled fields,
 * 'Preferences saved' after ?saved=1, the unsubscribe link, and noindex.
 */
import { describe, expect, it } from 'vitest';
import { render } from '../../../web/entry-server';
import { SITE_CONTENT_PATHS } from '../../../api/site-content/contracts';
import { SUBSCRIBER_PATHS, type PreferencesView } from '../../../api/newsletter/contracts';
import { fakeApiClient } from '../../support/web-fixtures';

const TOKEN = `${'c'.repeat(32)}.${'x'.repeat(43)}`;
const VIEW: PreferencesView = {
  email: 'a***@example.com',
  active: true,
  medications: ['tirzepatide'],
  state: 'OH',
  weeklyIssue: false,
  priceAlerts: true,
  unsubscribePath: `/unsubscribe/${'c'.repeat(32)}.${'y'.repeat(43)}`,
};

async function html(path: string, view: PreferencesView = VIEW) {
  const response = await render({
    request: new Request(`http://localhost${path}`, { headers: { Accept: 'text/html' } }),
    api: fakeApiClient({
      [SUBSCRIBER_PATHS.preferencesRead(TOKEN)]: view,
      [SITE_CONTENT_PATHS.all]: {},
      [SITE_CONTENT_PATHS.seoOverrides]: [],
    }),
    nonce: 'n',
    assets: { scripts: [], styles: [] },
    siteUrl: 'https://vial.example',
  });
  return { status: response.status, body: await response.text() };
}

describe('/preferences/{token}', () => {
  it('a form posting to its own address with the current choices, labelled, and noindex', async () => {
    const { status, body } = await html(`/preferences/${TOKEN}`);
    expect(status).toBe(200);
    expect(body).toContain(`action="/preferences/${TOKEN}"`);
    expect(body).toContain('method="post"');
    const input = (pattern: string) =>
      body.match(new RegExp(`<input[^>]*${pattern}[^>]*>`, 'g')) ?? [];
    const isChecked = (pattern: string) => {
      const found = input(pattern);
      expect(found).toHaveLength(1);
      return /\bchecked=/.test(found[0] ?? '');
    };
    expect(isChecked('value="tirzepatide"')).toBe(true);
    expect(isChecked('value="semaglutide"')).toBe(false);
    expect(isChecked('name="weeklyIssue"')).toBe(false);
    expect(isChecked('name="priceAlerts"')).toBe(true);
    expect(body).toMatch(/<option value="OH" selected/);
    for (const label of ['The weekly issue', 'Price alerts', 'Any state', 'Your state']) {
      expect(body).toContain(label);
    }
    expect(body).toContain(`href="${VIEW.unsubscribePath}"`);
    expect(body).toMatch(/<meta name="robots" content="noindex/);
    expect(body).not.toContain('Preferences saved');
  });

  it('?saved=1 says Preferences saved (no redirect)', async () => {
    const page = await html(`/preferences/${TOKEN}?saved=1`);
    expect(page.status).toBe(200);
    expect(page.body).toContain('Preferences saved');
  });
});
