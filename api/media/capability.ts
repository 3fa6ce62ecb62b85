/** Media: administrators upload, describe and delete images; the site serves their variants. */
import { media as mediaBackend } from '../../workers/media/capability';
import { defineHttpCapability } from '../bootstrap/capability';
import { MEDIA_PATHS } from './contracts';
import { mediaRoutes } from './routes';

export const media = defineHttpCapability(mediaBackend, {
  uploadPaths: [MEDIA_PATHS.admin],
  routes: mediaRoutes,
});
