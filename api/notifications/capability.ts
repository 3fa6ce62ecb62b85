/** Notifications have no HTTP half: mail is sent by the outbox jobs (workers/notifications). */
import { notifications as notificationsBackend } from '../../workers/notifications/capability';
import { defineHttpCapability } from '../bootstrap/capability';

export const notifications = defineHttpCapability(notificationsBackend, {});
