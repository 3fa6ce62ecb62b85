/**
 * Site search's backend half: its variables (the /glp1-ai endpoint, ./config.ts), nothing else.
 * The search index is platform (projections/search-index.ts), fed by the capabilities' `search`
 * and fixed documents.
 */
import { defineBackend } from '../bootstrap/capability';
import { searchConfig } from './config';

export const search = defineBackend({ name: 'search', config: searchConfig });
