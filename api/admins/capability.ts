/** Administrators' HTTP half: sign-in, the back office's accounts and invitations. */
import { admins as adminsBackend } from '../../workers/admins/capability';
import { defineHttpCapability } from '../bootstrap/capability';
import { adminRoutes } from './routes';

export const admins = defineHttpCapability(adminsBackend, { routes: adminRoutes });
