/**
 * What search engines read: /robots.txt and /sitemap.xml. Every capability contributes its
 * public URLs (HttpCapability.sitemap) with last-modified dates taken from its events; past
 * 50,000 URLs /sitemap.xml becomes a sitemap index over /sitemap-1.xml, /sitemap-2.xml...
 * (the sitemaps.org limit per file).
 */
import express from 'express';

export interface SitemapEntry {
  /** A site path ('/about'). */
  path: string;
  /** W3C datetime: 'YYYY-MM', 'YYYY-MM-DD' or a full ISO timestamp. Omitted when unknown. */
  lastModified?: string;
}

export const SITEMAP_MAX_URLS = 50_000;

/** One entry per path (the latest date wins), sorted by path. */
export function mergeSitemapEntries(entries: readonly SitemapEntry[]): SitemapEntry[] {
  const byPath = new Map<string, SitemapEntry>();
  for (const entry of entries) {
    const known = byPath.get(entry.path);
    const latest = [known?.lastModified, entry.lastModified]
      .filter((d): d is string => Boolean(d))
      .sort()
      .at(-1);
    byPath.set(entry.path, { path: entry.path, ...(latest ? { lastModified: latest } : {}) });
  }
  return [...byPath.values()].sort((a, b) => a.path.localeCompare(b.path));
}

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c,
  );

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';

function locOf(origin: string, path: string): string {
  return escapeXml(`${origin}${path.startsWith('/') ? path : `/${path}`}`);
}

export function sitemapXml(origin: string, entries: readonly SitemapEntry[]): string {
  const urls = entries.map(
    (e) =>
      `  <url><loc>${locOf(origin, e.path)}</loc>${
        e.lastModified ? `<lastmod>${escapeXml(e.lastModified)}</lastmod>` : ''
      }</url>`,
  );
  return `${XML_HEAD}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

export function sitemapIndexXml(origin: string, chunks: readonly SitemapEntry[][]): string {
  const items = chunks.map((chunk, i) => {
    const latest = chunk
      .map((e) => e.lastModified)
      .filter((d): d is string => Boolean(d))
      .sort()
      .at(-1);
    return `  <sitemap><loc>${locOf(origin, `/sitemap-${i + 1}.xml`)}</loc>${
      latest ? `<lastmod>${escapeXml(latest)}</lastmod>` : ''
    }</sitemap>`;
  });
  return `${XML_HEAD}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join('\n')}\n</sitemapindex>\n`;
}

export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /admin',
    'Disallow: /api',
    'Disallow: /go/',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

export interface SeoRouteOptions {
  /** The public origin (PUBLIC_URL), without a trailing slash. */
  origin: string;
  entries(): Promise<SitemapEntry[]>;
  /** URLs per sitemap file; default 50,000 (tests lower it). */
  maxUrls?: number;
}

export function seoRoutes({
  origin,
  entries,
  maxUrls = SITEMAP_MAX_URLS,
}: SeoRouteOptions): express.Router {
  const router = express.Router();
  const chunks = async () => {
    const all = mergeSitemapEntries(await entries());
    const out: SitemapEntry[][] = [];
    for (let i = 0; i < all.length; i += maxUrls) out.push(all.slice(i, i + maxUrls));
    return out.length ? out : [[]];
  };
  const xml = (res: express.Response, body: string) => {
    res.type('application/xml').setHeader('Cache-Control', 'public, max-age=300').send(body);
  };

  router.get('/robots.txt', (_req, res) => {
    res.type('text/plain').setHeader('Cache-Control', 'public, max-age=3600');
    res.send(robotsTxt(origin));
  });
  router.get('/sitemap.xml', async (_req, res) => {
    const parts = await chunks();
    xml(
      res,
      parts.length === 1 ? sitemapXml(origin, parts[0] ?? []) : sitemapIndexXml(origin, parts),
    );
  });
  router.get(/^\/sitemap-(\d+)\.xml$/, async (req, res, next) => {
    const n = Number((req.params as Record<string, string>)[0]);
    const parts = await chunks();
    const part = parts.length > 1 ? parts[n - 1] : undefined;
    if (!part) return next();
    xml(res, sitemapXml(origin, part));
  });
  return router;
}
