/** The back office's site content and SEO override routes (api/site-content/contracts.ts). */
import type { Request } from 'express';
import type { siteContentCommands } from '../../commands/site-content';
import type { SiteContentQueries } from '../../projections/site-content';
import type { CapabilityRouters, RouteDeps } from '../bootstrap/capability';
import { adminActor } from '../http/commands';
import type { SeoOverrideView, SiteContentRowView } from './contracts';

const bodyOf = (req: Request): Record<string, unknown> =>
  typeof req.body === 'object' && req.body !== null ? (req.body as Record<string, unknown>) : {};

export function siteContentRoutes(
  { admin }: CapabilityRouters,
  deps: RouteDeps<typeof siteContentCommands, SiteContentQueries>,
) {
  const { backend, commands } = deps;
  const { queries } = backend;

  admin.get(
    '/site-content',
    commands.handle(async (_req, res) => {
      const rows: SiteContentRowView[] = (await queries.siteContentRows()).map(
        ({ _id: _ignored, ...row }) => row as SiteContentRowView,
      );
      res.json(rows);
    }),
  );

  admin.put(
    '/site-content/:key',
    commands.handle(async (req, res) => {
      const body = bodyOf(req);
      const result = await commands.dispatch(
        res,
        {
          type: 'SetSiteContent',
          key: String(req.params.key),
          content: body.content,
          // Anything but a boolean is refused by the command with a message naming 'active'.
          active: body.active === undefined ? true : (body.active as boolean),
        },
        adminActor(res),
      );
      res.json(result);
    }),
  );

  admin.get(
    '/seo-overrides',
    commands.handle(async (_req, res) => {
      const rows: SeoOverrideView[] = (await queries.seoOverrides()).map(
        ({ _id: _ignored, ...row }) => row,
      );
      res.json(rows);
    }),
  );

  admin.put(
    '/seo-overrides',
    commands.handle(async (req, res) => {
      const result = await commands.dispatch(
        res,
        { ...bodyOf(req), type: 'SaveSeoOverride' },
        adminActor(res),
      );
      res.json(result);
    }),
  );

  admin.delete(
    '/seo-overrides/:pageType/:pageSlug',
    commands.handle(async (req, res) => {
      const result = await commands.dispatch(
        res,
        {
          type: 'RemoveSeoOverride',
          pageType: String(req.params.pageType),
          pageSlug: String(req.params.pageSlug),
        },
        adminActor(res),
      );
      res.json(result);
    }),
  );
}
