/**
 * Site search's backend half: nothing of its own. The search index is platform
 * (projections/search-index.ts), fed by the capabilities' `search` and fixed documents.
 */
import { defineBackend } from '../bootstrap/capability';

export const search = defineBackend({ name: 'search' });
