/**
 * Media's backend half: images as events (uploaded, alt text changed, deleted), the library's
 * read model, and the files store (`backend.mediaFiles`: DATA_DIR/media or GridFS).
 */
import { mediaCommands } from '../../commands/media';
import { mediaEventSchemas } from '../../domain/media/events';
import { mediaAudit, mediaCounters, mediaProjector, mediaQueries } from '../../projections/media';
import { defineBackend } from '../bootstrap/capability';
import { mediaConfig } from './config';
import { mediaFilesPort } from './port';

export const media = defineBackend({
  name: 'media',
  config: mediaConfig,
  eventSchemas: mediaEventSchemas,
  commands: mediaCommands,
  decisionStatus: { media_not_found: 404, media_exists: 409 },
  projectors: [mediaProjector],
  audit: mediaAudit,
  counters: mediaCounters,
  queries: mediaQueries,
  ports: { mediaFiles: mediaFilesPort },
});
