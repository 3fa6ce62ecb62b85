/** Media's read side. */
export {
  mediaProjector,
  mediaQueries,
  MEDIA_COLLECTION,
  type MediaDoc,
  type MediaListParams,
  type MediaQueries,
} from './projector';
export { mediaAudit } from './audit';
export { mediaCounters } from './counters';
