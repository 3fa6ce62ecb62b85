/**
 * The mails the capabilities declare (workers/<cap>/mails.ts), as the outbox reads them: each
 * mailed event type is one of its capability's own events, and each event reads as expected.
 */
import { describe, expect, it } from 'vitest';
import { CAPABILITY_LIST } from '../../../workers/bootstrap/capabilities';
import { isForward, mailBook, type OutgoingMail } from '../../../workers/bootstrap/mail';

const book = mailBook(
  CAPABILITY_LIST.map((c) => c.mails),
  () => ({}) as never, // the senders are not called here
);
const site = { adminUrl: 'https://vial.example' };
const compose = (type: string, data: unknown): OutgoingMail | null | undefined =>
  book.forEvent(type)?.compose(data, site);

describe('capability mails', () => {
  it('mail only their own capability’s events', () => {
    for (const capability of CAPABILITY_LIST) {
      for (const mail of capability.mails?.onEvents ?? []) {
        expect(Object.keys(capability.eventSchemas ?? {})).toContain(mail.eventType);
      }
    }
  });

  it.each([
    [
      'VisitorSubscribed',
      { subscriptionId: 's1', email: 'a@b.co' },
      { kind: 'welcome', subscriptionId: 's1' },
    ],
    // Erased: the address reads null, the subscription is still named (not mailed when sent).
    [
      'VisitorSubscribed',
      { subscriptionId: 's1', email: null },
      { kind: 'welcome', subscriptionId: 's1' },
    ],
    [
      'SubscriptionReactivated',
      { subscriptionId: 's2' },
      { kind: 'welcome', subscriptionId: 's2' },
    ],
    ['VisitorSubscribed', { email: 'a@b.co' }, null],
    ['VisitorUnsubscribed', { subscriptionId: 's1' }, undefined],
  ])('%s %j -> %j', (type, data, expected) => {
    expect(compose(type, data)).toEqual(expected);
  });

  it('forwards a contact message with the sender as Reply-To and a one-line subject', () => {
    const mail = compose('ContactMessageReceived', {
      messageId: 'm1',
      name: 'Ann\nLee',
      email: 'ann@example.com',
      topic: 'other',
      message: 'Hello there, a question about prices.',
    });
    expect(mail && isForward(mail) && mail.subject).toBe('Contact message (other) from Ann Lee');
    expect(mail && isForward(mail) && mail.replyTo).toBe('ann@example.com');
  });

  it('forwards a provider submission with a link to the back office', () => {
    const mail = compose('ProviderSubmitted', {
      submissionId: 's1',
      providerName: 'Clinic',
      website: 'https://clinic.example',
      contactEmail: 'not an address',
      phoneNumber: '',
      description: '',
      medications: [],
      states: 'TX',
      pricing: '',
      submitterName: 'Bo',
      submitterEmail: 'bo@clinic.example',
      submitterRole: '',
      additionalInfo: '',
      timestamp: '2026-01-01T00:00:00.000Z',
      userAgent: 'test',
    });
    expect(mail && isForward(mail) && mail.text).toContain(
      'Review it in the back office: https://vial.example/admin/submissions',
    );
    expect(mail && isForward(mail) && mail.replyTo).toBe('bo@clinic.example');
  });

  it('skips an addressed mail no capability writes', async () => {
    expect(await book.address({ kind: 'nobody' })).toEqual({
      skipped: "no sender for 'nobody' mails",
    });
  });
});
