/** Contact's backend half: visitors' messages as events, read in the back office. */
import { contactCommands } from '../../commands/contact';
import { contactEventSchemas } from '../../domain/contact/events';
import {
  contactAudit,
  contactCounters,
  contactMessagesProjector,
  contactQueries,
} from '../../projections/contact';
import { defineBackend } from '../bootstrap/capability';
import { contactMails } from './mails';

export const contact = defineBackend({
  name: 'contact',
  eventSchemas: contactEventSchemas,
  commands: contactCommands,
  decisionStatus: { already_received: 409, contact_message_not_found: 404 },
  projectors: [contactMessagesProjector],
  audit: contactAudit,
  counters: contactCounters,
  queries: contactQueries,
  mails: contactMails,
});
