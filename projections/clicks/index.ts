/** The clicks capability's read side: the click counter port and its two adapters. */
export type { ClickCounter, FlushPolicy } from './port';
export { DEFAULT_FLUSH_POLICY } from './port';
export { createSqliteClickCounter } from './sqlite';
export { createRedisClickCounter, CLICK_RETENTION_DAYS } from './redis';
export { clickQueries, type ClickQueries, type ClickTarget } from './queries';
