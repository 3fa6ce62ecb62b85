/**
 * A contact message: received once. The id is new per submission (decided by the command
 * handler), so the only refusal is a second delivery of the same id (a retried dispatch).
 */
import { decisionErrors, type Decider } from '../shared/decider';
import type { ContactEvent } from './events';
import type { ContactMessage } from './rules';

export type ContactMessageState = { status: 'absent' } | { status: 'received' };

export type ContactMessageCommand = { type: 'Receive'; messageId: string } & ContactMessage;

export const contactErrors = decisionErrors({
  already_received: 'This message was already received.',
});

export const contactMessageDecider: Decider<
  ContactMessageCommand,
  ContactEvent,
  ContactMessageState
> = {
  initialState: { status: 'absent' },
  evolve: () => ({ status: 'received' }),
  decide(command, state) {
    if (state.status === 'received') contactErrors.fail('already_received');
    const { messageId, name, email, topic, message } = command;
    return [{ type: 'ContactMessageReceived', data: { messageId, name, email, topic, message } }];
  },
};
