/**
 * Error answers a browser shows as a page. The middleware that refuse a request before it
 * reaches a page (a malformed path or Host, a form post too large, from another site or too
 * often, a failure in a form's route) answer `{ error: message }` as JSON, which suits the API
 * and its callers. A visitor who followed a broken link (`/near/%E0%A4%A`) or posted a form
 * without JavaScript saw that JSON text as the page. For a request outside /api that prefers
 * HTML (a browser's navigation or form post; fetch() and curl send `*\/*`, and keep JSON), the
 * same message is sent as a small self-contained page instead: same status, same headers,
 * same words, a way back.
 *
 * Hooks `res.json`, the one call all those answers go through (as noStoreOnErrors hooks
 * writeHead), so no refusal has to know who asked.
 */
import type { Request, RequestHandler, Response } from 'express';
// The feeds' escaping: the same five characters are HTML's (&apos; included, in HTML5).
import { escapeXml as escapeHtml } from './rss';

/** What a page request's error answer is titled, by status. */
const HEADINGS: Record<number, string> = {
  400: 'This address or form could not be read',
  401: 'Please sign in',
  403: 'This request was refused',
  404: 'Page not found',
  405: 'This request was refused',
  413: 'Too much was sent',
  415: 'This form could not be read',
  429: 'Too many tries',
  503: 'Not available right now',
};

function headingOf(status: number): string {
  return HEADINGS[status] ?? (status >= 500 ? 'Something went wrong' : 'This request was refused');
}

/** Whether the request is a browser's, outside the API, that reads the answer as a page. */
export function wantsErrorPage(req: Request): boolean {
  const path = (req.originalUrl || req.url).split('?')[0] ?? '';
  if (path === '/api' || path.startsWith('/api/')) return false;
  // 'html' only when the client ranks it above JSON: browsers do, fetch() (*/*) does not.
  return req.accepts(['json', 'html']) === 'html';
}

/** What a plain page says: all text, escaped here. */
export interface PlainPage {
  /** The whole <title>. */
  title: string;
  /** A small line above the heading ('Error 400'). */
  eyebrow?: string;
  heading: string;
  paragraphs: readonly string[];
  link: { href: string; text: string };
  /** Default 'noindex'. */
  robots?: string;
}

/**
 * A page without the app: for answers given before or outside the pages' renderer (a refusal,
 * a role's 403). No script, one inline style in the site's colours (slate on white, teal
 * links, 44 px targets), readable at 390 px.
 */
export function plainPageHtml(page: PlainPage): string {
  const eyebrow = page.eyebrow ? `<p class="eyebrow">${escapeHtml(page.eyebrow)}</p>\n` : '';
  const paragraphs = page.paragraphs.map((text) => `<p>${escapeHtml(text)}</p>\n`).join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="${escapeHtml(page.robots ?? 'noindex')}">
<title>${escapeHtml(page.title)}</title>
<style>
body{margin:0;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#0f172a;background:#fff;line-height:1.5}
main{max-width:36rem;margin:0 auto;padding:3rem 1.25rem}
h1{font-size:1.5rem;margin:0 0 .75rem}
p{margin:0 0 1rem;color:#334155}
.eyebrow{font-size:.875rem;color:#475569}
a{display:inline-flex;align-items:center;min-height:44px;color:#0f766e;font-weight:600}
a:focus-visible{outline:2px solid #0f766e;outline-offset:2px}
</style>
</head>
<body>
<main>
${eyebrow}<h1>${escapeHtml(page.heading)}</h1>
${paragraphs}<p><a href="${escapeHtml(page.link.href)}">${escapeHtml(page.link.text)}</a></p>
</main>
</body>
</html>
`;
}

/** The refusal's page: the status, the message, a link home. */
export function errorPageHtml(status: number, message: string, formPost = false): string {
  const heading = headingOf(status);
  return plainPageHtml({
    title: `${heading} · VialCompare`,
    eyebrow: `Error ${status}`,
    heading,
    paragraphs: [
      message,
      // What a visitor typed is still in the form they came from: no need to type it again.
      ...(formPost ? ["Your browser's Back button returns to the form with what you typed."] : []),
    ],
    link: { href: '/', text: 'Go to the VialCompare home page' },
  });
}

/**
 * The page's own policy: it runs no script and loads nothing (a refusal may come before the
 * site's security headers are set).
 */
const ERROR_PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

function errorMessageOf(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const error = (body as { error?: unknown }).error;
  return typeof error === 'string' ? error : null;
}

export function errorPagesForBrowsers(): RequestHandler {
  return (req, res, next) => {
    const json = res.json;
    res.json = function (this: Response, body: unknown) {
      const message = errorMessageOf(body);
      if (this.statusCode < 400 || message === null || !wantsErrorPage(req)) {
        return json.call(this, body);
      }
      this.setHeader('Content-Security-Policy', ERROR_PAGE_CSP);
      this.setHeader('X-Content-Type-Options', 'nosniff');
      this.setHeader('Referrer-Policy', 'no-referrer');
      // Added to what is there (compression's Accept-Encoding), not in its place.
      this.vary('Accept');
      const formPost = req.method !== 'GET' && req.method !== 'HEAD';
      return this.type('html').send(errorPageHtml(this.statusCode, message, formPost));
    };
    next();
  };
}
