/** Cities' backend half: the per-state rankings kept from the provider events. */
import { cityQueries, cityRankingsProjector } from '../../projections/cities';
import { defineBackend } from '../bootstrap/capability';

export const cities = defineBackend({
  name: 'cities',
  projectors: [cityRankingsProjector],
  queries: cityQueries,
});
