/**
 * The newsletter: visitors subscribe from the home page and unsubscribe by a signed link; the
 * back office lists, exports and deletes subscribers. Each part of it (subscribers, weekly
 * issues, price alerts) has its own routes file, listed here.
 */
import { newsletter as newsletterBackend } from '../../workers/newsletter/capability';
import { defineHttpCapability } from '../bootstrap/capability';
import { newsletterRoutes, preferencesRead } from './routes';
import { priceAlertAvailabilityRead, priceAlertRoutes } from './alert-routes';
import { issueArchiveReads, issueRoutes, issueSitemap } from './issue-routes';

export const newsletter = defineHttpCapability(newsletterBackend, {
  publicReads: [preferencesRead, priceAlertAvailabilityRead, ...issueArchiveReads],
  sitemap: issueSitemap,
  routes(routers, deps) {
    newsletterRoutes(routers, deps);
    priceAlertRoutes(routers, deps);
    issueRoutes(routers, deps);
  },
});
