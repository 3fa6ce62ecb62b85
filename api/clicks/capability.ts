/**
 * Outbound clicks: /go/{slug} redirects to a provider's affiliate URL and counts the click per
 * provider per UTC day; the back office charts and exports the counts. A capability of its own
 * rather than part of providers: its data is no event and no projection of events (counters in
 * SQLite or Redis, see docs/architecture.md), it only reads the providers' read model through
 * the providers capability's index, and it keeps the providers' files untouched.
 */
import { clicks as clicksBackend } from '../../workers/clicks/capability';
import { defineHttpCapability } from '../bootstrap/capability';
import { clickRoutes } from './routes';

export const clicks = defineHttpCapability(clicksBackend, { routes: clickRoutes });
