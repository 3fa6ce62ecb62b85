/** Each contact message, forwarded to the site's address (CONTACT_EMAIL), Reply-To: the sender. */
import { contactEventSchemas } from '../../domain/contact/events';
import { headerLine, looksLikeEmail, mailLine, mailOn } from '../bootstrap/mail';

export const contactMails = {
  onEvents: [
    mailOn(
      'ContactMessageReceived',
      contactEventSchemas.ContactMessageReceived.omit({ messageId: true }),
      (m) => ({
        kind: 'forward',
        subject: headerLine(`Contact message (${m.topic || 'other'}) from ${m.name}`),
        text: [
          'A message was sent through the contact form.',
          '',
          mailLine('From', `${m.name} <${m.email}>`),
          mailLine('Topic', m.topic),
          '',
          m.message,
        ].join('\n'),
        ...(looksLikeEmail(m.email) ? { replyTo: m.email } : {}),
      }),
    ),
  ],
};
