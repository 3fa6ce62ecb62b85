/** Operations: the back office's rebuild of the read models (administrators only). */
import { operations as operationsBackend } from '../../workers/operations/capability';
import { defineHttpCapability } from '../bootstrap/capability';
import { operationsRoutes } from './routes';

export const operations = defineHttpCapability(operationsBackend, { routes: operationsRoutes });
