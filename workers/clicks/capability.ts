/**
 * Outbound clicks' backend half: the counts' queries. Its data is no event and no projection
 * of events (counters in SQLite or Redis, see docs/architecture.md).
 */
import { clickQueries } from '../../projections/clicks';
import { defineBackend } from '../bootstrap/capability';

export const clicks = defineBackend({ name: 'clicks', queries: clickQueries });
