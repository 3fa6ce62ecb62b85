/**
 * The inbox's read state and the dashboard's unread count, projected from contact events: a
 * message arrives unread, reading it takes one off the count, marking it unread puts it back;
 * the audit log names who read it.
 */
import { describe, expect, it } from 'vitest';
import { contactMessageStreamId } from '../../../domain/contact/events';
import { CONTACT_UNREAD_COUNTER } from '../../../domain/contact/rules';
import { createDashboardProjector, dashboardQueries } from '../../../projections';
import {
  contactAudit,
  contactCounters,
  contactMessagesProjector,
  contactQueries,
} from '../../../projections/contact';
import { history } from '../../support/events';
import { appProjector, project } from '../../support/projections';

const message = (messageId: string, name: string) =>
  ({
    messageId,
    name,
    email: `${name.toLowerCase()}@example.com`,
    topic: 'other',
    message: 'A message long enough to be sent.',
  }) as const;

const projectors = [contactMessagesProjector, createDashboardProjector(contactCounters)];

async function inbox(events: ReturnType<typeof history>['events']) {
  const store = await project(projectors, events);
  const messages = await contactQueries(store).contactMessages();
  const counts = await dashboardQueries(store, [CONTACT_UNREAD_COUNTER]).dashboardCounts();
  return {
    read: Object.fromEntries(messages.map((m) => [m.name, m.read])),
    unread: counts[CONTACT_UNREAD_COUNTER],
  };
}

describe('unread contact messages', () => {
  const two = () =>
    history()
      .add(contactMessageStreamId('m-1'), 'ContactMessageReceived', message('m-1', 'Ann'))
      .add(contactMessageStreamId('m-2'), 'ContactMessageReceived', message('m-2', 'Bo'));

  it.each([
    ['two messages arrive', (h: ReturnType<typeof two>) => h, { Ann: false, Bo: false }, 2],
    [
      'one is read',
      (h: ReturnType<typeof two>) =>
        h.add(contactMessageStreamId('m-1'), 'ContactMessageRead', { messageId: 'm-1' }),
      { Ann: true, Bo: false },
      1,
    ],
    [
      'both are read',
      (h: ReturnType<typeof two>) =>
        h
          .add(contactMessageStreamId('m-1'), 'ContactMessageRead', { messageId: 'm-1' })
          .add(contactMessageStreamId('m-2'), 'ContactMessageRead', { messageId: 'm-2' }),
      { Ann: true, Bo: true },
      0,
    ],
    [
      'one is read, then marked unread',
      (h: ReturnType<typeof two>) =>
        h
          .add(contactMessageStreamId('m-1'), 'ContactMessageRead', { messageId: 'm-1' })
          .add(contactMessageStreamId('m-1'), 'ContactMessageMarkedUnread', { messageId: 'm-1' }),
      { Ann: false, Bo: false },
      2,
    ],
  ])(
    'when %s, the inbox shows the read state and the count is right',
    async (_, more, read, unread) => {
      expect(await inbox(more(two()).events)).toEqual({ read, unread });
    },
  );

  it('describes reading in the audit log with the sender it remembered', async () => {
    const log = history()
      .add(contactMessageStreamId('m-1'), 'ContactMessageReceived', message('m-1', 'Ann'))
      .add(contactMessageStreamId('m-1'), 'ContactMessageRead', { messageId: 'm-1' })
      .add(contactMessageStreamId('m-1'), 'ContactMessageMarkedUnread', { messageId: 'm-1' });
    expect(contactAudit.eventTypes).toContain('ContactMessageRead');
    const store = await project(appProjector('audit_log'), log.events);
    const entries = await store.collection<{ _id: string; summary: string }>('audit_log').find({});
    expect(entries.map((e) => e.summary).sort()).toEqual([
      'Marked the contact message from Ann as read',
      'Marked the contact message from Ann as unread',
      'Received a contact message from Ann',
    ]);
  });
});
