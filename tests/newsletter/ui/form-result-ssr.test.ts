/**
 * The home page after the no-JavaScript signup was refused by the rate limit:
 * `?newsletter=limited&retry=N` shows the JSON signup's sentence with N minutes; N is a
 * declared search parameter, kept within 1 and the limit's window.
 */
import { describe, expect, it } from 'vitest';
import { render } from '../../../web/entry-server';
import { subscribeLimitedMessage } from '../../../api/newsletter/contracts';
import { inMemoryApiClient } from '../../support/web-fixtures';

async function html(path: string) {
  const response = await render({
    request: new Request(`http://localhost${path}`, { headers: { Accept: 'text/html' } }),
    api: inMemoryApiClient(),
    nonce: 'n',
    assets: { scripts: [], styles: [] },
    siteUrl: 'https://vial.example',
  });
  return {
    status: response.status,
    location: response.headers.get('location'),
    body: await response.text(),
  };
}

describe('?newsletter=limited on the home page', () => {
  it('shows the limit sentence with the minutes the redirect carries', async () => {
    const page = await html('/?newsletter=limited&retry=17');
    expect(page.status).toBe(200);
    expect(page.body).toContain('Too many requests. Try again in 17 minutes.');
    expect(page.body).toContain(subscribeLimitedMessage(17));
  });

  it('words one minute in the singular', async () => {
    expect((await html('/?newsletter=limited&retry=1')).body).toContain(
      'Too many requests. Try again in 1 minute.',
    );
  });

  it.each([
    ['above the window', '9999', 60],
    ['below one', '0', 1],
    ['not a number', 'soon', 60],
  ])('clamps a retry %s', async (_case, retry, shown) => {
    const page = await html(`/?newsletter=limited&retry=${retry}`);
    // The router answers a non-canonical search with a redirect to the validated one.
    const body = page.location ? (await html(page.location)).body : page.body;
    expect(body).toContain(subscribeLimitedMessage(shown));
  });
});
