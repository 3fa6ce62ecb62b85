/** The cities capability's read side: per-state rankings behind the city and state pages. */
export { cityRankingsProjector } from './projector';
export { rankState } from './ranking';
export { cityQueries, type CityQueries } from './queries';
export * from './views';
