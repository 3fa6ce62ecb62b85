/** Contact commands: a visitor's message, one new stream per message; read and unread. */
import { z } from 'zod';
import { contactMessageDecider } from '../../domain/contact/decider';
import { contactEventSchemas, contactMessageStreamId } from '../../domain/contact/events';
import {
  CONTACT_MESSAGE_ID,
  CONTACT_MESSAGE_ID_PROBLEM,
  CONTACT_MESSAGES,
  validateContactMessage,
} from '../../domain/contact/rules';
import { declareCommand, onStream, writeModel } from '../command';

const contactModel = writeModel(contactMessageDecider, contactEventSchemas);

export const sendContactMessageCommand = z
  .object({
    type: z.literal('SendContactMessage'),
    messageId: z.string().min(1).optional(),
    name: z.unknown(),
    email: z.unknown(),
    topic: z.unknown(),
    message: z.unknown(),
  })
  .transform((command, ctx) => {
    const check = validateContactMessage(command);
    if (check.ok) return { type: command.type, messageId: command.messageId, ...check.value };
    for (const [field, message] of Object.entries(check.fields)) {
      ctx.addIssue({ code: 'custom', path: [field], message });
    }
    ctx.addIssue({ code: 'custom', message: CONTACT_MESSAGES.invalid });
    return z.NEVER;
  });

const messageRef = {
  messageId: z.string().regex(CONTACT_MESSAGE_ID, CONTACT_MESSAGE_ID_PROBLEM),
};

export const markContactMessageReadCommand = z.object({
  type: z.literal('MarkContactMessageRead'),
  ...messageRef,
});

export const markContactMessageUnreadCommand = z.object({
  type: z.literal('MarkContactMessageUnread'),
  ...messageRef,
});

/** The message's stream, deciding `MarkRead` or `MarkUnread` on it. */
const onMessage = (messageId: string, type: 'MarkRead' | 'MarkUnread') => [
  onStream(contactModel, contactMessageStreamId(messageId), {
    id: messageId,
    decide: (state, now) => contactMessageDecider.decide({ type, messageId }, state, now),
  }),
];

export const contactCommands = {
  SendContactMessage: declareCommand({
    schema: sendContactMessageCommand,
    prepare: (c, { newId }) => ({ ...c, messageId: c.messageId ?? newId() }),
    streams: ({ messageId = '', ...c }) => [
      onStream(contactModel, contactMessageStreamId(messageId), {
        id: messageId,
        decide: (state, now) =>
          contactMessageDecider.decide({ ...c, type: 'Receive', messageId }, state, now),
      }),
    ],
  }),
  MarkContactMessageRead: declareCommand({
    schema: markContactMessageReadCommand,
    streams: ({ messageId }) => onMessage(messageId, 'MarkRead'),
  }),
  MarkContactMessageUnread: declareCommand({
    schema: markContactMessageUnreadCommand,
    streams: ({ messageId }) => onMessage(messageId, 'MarkUnread'),
  }),
};
