/**
 * The /cost page's HTTP half: its data as a public read (keyed by the page's URL parameters),
 * the page's common addresses in the sitemap, and the open price data downloads.
 */
import { COST_FORMS, COST_MEDICATIONS } from '../../domain/cost';
import { cost as costBackend } from '../../workers/cost/capability';
import { defineHttpCapability } from '../bootstrap/capability';
import type { SitemapEntry } from '../http/sitemap';
import { COST_PAGE_PATH, COST_PATHS } from './contracts';
import { readCostPage } from './reads';
import { costRoutes } from './routes';

/** The months the sitemap lists for each medication and form. */
const SITEMAP_MONTHS = [3, 6, 12] as const;

/**
 * /cost itself (the form and what it ranks by), and each medication x form x 3, 6, 12 months:
 * without a state these show the form with the choice made, and say a state is needed.
 */
export function costSitemapPaths(): string[] {
  const paths = [COST_PAGE_PATH];
  for (const medication of COST_MEDICATIONS) {
    for (const form of COST_FORMS) {
      for (const months of SITEMAP_MONTHS) {
        paths.push(`${COST_PAGE_PATH}?medication=${medication}&form=${form}&months=${months}`);
      }
    }
  }
  return paths;
}

export const cost = defineHttpCapability(costBackend, {
  publicReads: [
    { path: COST_PATHS.page, read: (queries, params) => readCostPage(queries, params) },
  ],
  async sitemap({ queries }): Promise<SitemapEntry[]> {
    const changedAt = await queries.costDataChangedAt();
    return costSitemapPaths().map((path) => ({
      path,
      ...(changedAt ? { lastModified: changedAt } : {}),
    }));
  },
  routes: costRoutes,
});
