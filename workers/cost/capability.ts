/**
 * The /cost page's backend half: no events and no commands of its own, only queries over the
 * providers' read model (the all-in ranking and the open price data).
 */
import { costQueries } from '../../projections/cost';
import { defineBackend } from '../bootstrap/capability';

export const cost = defineBackend({ name: 'cost', queries: costQueries });
