/**
 * The reads the public pages make, as one interface. During SSR the host passes an in-process
 * implementation (query functions over the read models) through the router context; in the
 * browser web/lib/api-client.ts implements it over HTTP. Keep it to public, anonymous reads:
 * admin reads go over HTTP from the browser only.
 */
import type { ProviderCardView } from './providers';

export interface SiteApi {
  /** Featured providers, ranked (rank 1 first). GET /api/providers/featured */
  featuredProviders(): Promise<ProviderCardView[]>;
  /** Editable page content by key (e.g. hero_title, hero_subtitle). GET /api/site-content */
  siteContent(): Promise<Record<string, string>>;
}

/** HTTP paths of the SiteApi reads, shared by the browser client and the API routes. */
export const SITE_API_PATHS = {
  featuredProviders: '/api/providers/featured',
  siteContent: '/api/site-content',
} as const;

/** The browser assets of a page: module scripts, stylesheets and modules to preload. */
export interface PageAssets {
  scripts: string[];
  styles: string[];
  preloads?: string[];
}

/** What the SSR host passes to web/entry-server.tsx `render` for one request. */
export interface SsrRenderOptions {
  /** The visitor's request; its `signal` aborts rendering when the client goes away. */
  request: Request;
  /** In-process reads for the route loaders. */
  api: SiteApi;
  /** This response's CSP nonce (the same value as in the Content-Security-Policy header). */
  nonce: string;
  assets: PageAssets;
  /** Public origin for canonical links and structured data; default http://localhost:3000. */
  siteUrl?: string;
}

/** The module web/entry-server.tsx (dev: through Vite; production: dist/ssr/entry-server.js). */
export interface SsrEntry {
  render(options: SsrRenderOptions): Promise<Response>;
}
