/** The contact capability's read side. */
export {
  contactMessagesProjector,
  contactQueries,
  CONTACT_COLLECTION,
  type ContactMessageDoc,
  type ContactQueries,
} from './projector';
export { contactAudit } from './audit';
export { contactCounters } from './counters';
