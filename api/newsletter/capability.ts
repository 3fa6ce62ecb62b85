/**
 * The newsletter: visitors subscribe from the home page and unsubscribe by a signed link; the
 * back office lists, exports and deletes subscribers. Each part of it (subscribers, weekly
 * issues, price alerts) has its own routes file, listed here.
 */
import { newsletter as newsletterBackend } from '../../workers/newsletter/capability';
import { defineHttpCapability } from '../bootstrap/capability';
import { newsletterRoutes } from './routes';

export const newsletter = defineHttpCapability(newsletterBackend, {
  routes(routers, deps) {
    newsletterRoutes(routers, deps);
  },
});
