/** Contact: visitors write from /contact; administrators read the messages in the back office. */
import { contact as contactBackend } from '../../workers/contact/capability';
import { defineHttpCapability } from '../bootstrap/capability';
import { contactRoutes } from './routes';

export const contact = defineHttpCapability(contactBackend, { routes: contactRoutes });
