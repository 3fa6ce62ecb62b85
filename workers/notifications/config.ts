/**
 * The outbox's variable: the site's own address, where the mails written whole from an event
 * (contact messages, submissions) are forwarded; site content also shows it to visitors.
 */
import { z } from 'zod';
import { defineConfig, emailAddress } from '../bootstrap/platform-config';

export const notificationsConfig = defineConfig({
  variables: z.object({
    /** The address visitors write to (shown on /contact and the legal pages). */
    CONTACT_EMAIL: emailAddress('CONTACT_EMAIL'),
  }),
});
