/**
 * The brand mark as the site's icons (/favicon.ico, /favicon.svg, PNGs for home screens) and
 * the web app manifest. The icons are files in web/icons, rendered from vialcompare.svg by
 * scripts/icons/make-icons.mjs.
 */
import path from 'node:path';
import express from 'express';

export const SITE_ICONS = {
  ico: '/favicon.ico',
  svg: '/favicon.svg',
  apple: '/apple-touch-icon.png',
  manifest: '/manifest.webmanifest',
} as const;

const FILES: Record<string, { file: string; type: string }> = {
  '/favicon.ico': { file: 'favicon.ico', type: 'image/x-icon' },
  '/favicon.svg': { file: 'vialcompare.svg', type: 'image/svg+xml' },
  '/apple-touch-icon.png': { file: 'apple-touch-icon.png', type: 'image/png' },
  '/icons/icon-192.png': { file: 'icon-192.png', type: 'image/png' },
  '/icons/icon-512.png': { file: 'icon-512.png', type: 'image/png' },
  '/icons/icon-maskable-512.png': { file: 'icon-maskable-512.png', type: 'image/png' },
};

export function webAppManifest() {
  return {
    name: 'VialCompare: Compare GLP-1 Providers',
    short_name: 'VialCompare',
    description: 'Free, unbiased comparison of online GLP-1 weight-loss providers.',
    start_url: '/',
    scope: '/',
    display: 'browser',
    background_color: '#ffffff',
    theme_color: '#0f766e',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
      {
        src: '/icons/icon-maskable-512.png',
        sizes: '512x512',
        type: 'image/png',
        purpose: 'maskable',
      },
      { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
    ],
  };
}

export function siteFileRoutes(projectRoot: string): express.Router {
  const router = express.Router();
  const folder = path.join(projectRoot, 'web', 'icons');
  for (const [route, { file, type }] of Object.entries(FILES)) {
    router.get(route, (_req, res, next) => {
      res.type(type).setHeader('Cache-Control', 'public, max-age=86400');
      res.sendFile(path.join(folder, file), (error) => {
        if (error && !res.headersSent) next(error);
      });
    });
  }
  router.get(SITE_ICONS.manifest, (_req, res) => {
    res.type('application/manifest+json').setHeader('Cache-Control', 'public, max-age=86400');
    res.send(JSON.stringify(webAppManifest()));
  });
  return router;
}
