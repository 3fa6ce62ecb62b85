/**
 * The newsletter's pages answered without the React app (a bad or tampered signed link, a
 * failed change): no script, the site's tokens in one style element.
 */
import type { Response } from 'express';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/**
 * The site's tokens in plain CSS (slate text, teal link, system stack), so a page answered
 * outside the React app still reads like the rest of the site on a phone.
 */
const PLAIN_PAGE_STYLE =
  'body{font-family:ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;' +
  'color:#0f172a;background:#fff;margin:0;line-height:1.6}' +
  'main{max-width:40rem;margin:0 auto;padding:3rem 1rem}' +
  'h1{font-size:1.875rem;line-height:1.2;margin:0 0 1rem}p{color:#475569;margin:0 0 1.5rem}' +
  'a{display:inline-flex;align-items:center;min-height:44px;color:#0f766e;font-weight:500}';

/** A small self-contained page answered outside the React app (a bad link, a failure). */
export function plainPage(
  res: Response,
  status: number,
  title: string,
  text: string,
  back: { href: string; text: string } = { href: '/', text: 'Go to the home page' },
): void {
  res
    .status(status)
    .setHeader('Cache-Control', 'no-store')
    .setHeader('X-Robots-Tag', 'noindex, nofollow')
    .type('html')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
        `<meta name="viewport" content="width=device-width, initial-scale=1">` +
        `<meta name="robots" content="noindex, nofollow"><title>${escapeHtml(title)} | VialCompare</title>` +
        `<style>${PLAIN_PAGE_STYLE}</style></head><body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>` +
        `<p><a href="${escapeHtml(back.href)}">${escapeHtml(back.text)}</a></p></main></body></html>`,
    );
}
