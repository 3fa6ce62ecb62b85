/** Contact: visitors write from /contact; administrators read the messages in the back office. */
import { contactCommands } from '../../commands/contact';
import { contactEventSchemas } from '../../domain/contact/events';
import { contactAudit, contactMessagesProjector, contactQueries } from '../../projections/contact';
import { defineCapability } from '../bootstrap/capability';
import { contactRoutes } from './routes';

export const contact = defineCapability({
  name: 'contact',
  eventSchemas: contactEventSchemas,
  commands: contactCommands,
  decisionStatus: { already_received: 409 },
  projectors: [contactMessagesProjector],
  audit: contactAudit,
  queries: contactQueries,
  routes: contactRoutes,
});
