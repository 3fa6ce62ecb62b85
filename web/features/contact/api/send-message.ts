/** POST /api/contact-messages: the contact form (the contract has the answers). */
import {
  CONTACT_MESSAGES,
  CONTACT_PATHS,
  type ContactField,
} from '../../../../api/contact/contracts';
import { isApiError, request } from '../../../lib/http-client';

export type ContactFormValues = {
  name: string;
  email: string;
  topic: string;
  message: string;
  website: string;
};

export function sendContactMessage(body: ContactFormValues): Promise<unknown> {
  return request<unknown>('POST', CONTACT_PATHS.send, { body });
}

/** A failed send as the form shows it: the message and any field messages. */
export function contactError(error: unknown): {
  message: string;
  fields: Partial<Record<ContactField, string>>;
} {
  if (!isApiError(error)) return { message: CONTACT_MESSAGES.failed, fields: {} };
  if (error.status === 400) return { message: CONTACT_MESSAGES.invalid, fields: error.fields };
  if (error.status === 429) return { message: error.message, fields: {} };
  return { message: CONTACT_MESSAGES.failed, fields: {} };
}
