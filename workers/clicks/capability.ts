/**
 * Outbound clicks' backend half: the counts' queries and the counter they are written to
 * (`backend.clicks`). Its data is no event and no projection of events (counters in SQLite or
 * Redis, see docs/architecture.md).
 */
import { clickQueries } from '../../projections/clicks';
import { defineBackend } from '../bootstrap/capability';
import { clickCounterPort } from './counter';

export const clicks = defineBackend({
  name: 'clicks',
  queries: clickQueries,
  ports: { clicks: clickCounterPort },
});
