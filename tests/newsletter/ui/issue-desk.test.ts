/**
 * The newsletter screens' rules, as tables: the status line of an inactive subscriber, the
 * 'Bouncing' badge, the send confirmation's question, why sending is blocked (and what the notice
 * adds about the postal-address footer), the schedule field (local time -> the instant sent) and
 * the issue form's first check.
 */
import { describe, expect, it } from 'vitest';
import {
  footerNote,
  inactiveLine,
  isBouncing,
  ISSUE_FORM_MESSAGES as F,
  issueFormErrors,
  SCHEDULE_MESSAGES as S,
  scheduleAt,
  sendBlockedReason,
  sendNowBlockedReason,
  sendQuestion,
  toLocalInput,
} from '../../../web/features/newsletter/issue-desk';

const NOV_3 = '2026-11-03T15:00:00.000Z';

describe('an inactive subscriber says since when and how', () => {
  it.each([
    [
      { inactiveAt: NOV_3, inactiveHow: 'link', bounces: 0 },
      'Inactive since Nov 3, 2026 — unsubscribed by link',
    ],
    [
      {
        inactiveAt: NOV_3,
        inactiveHow: 'administrator',
        inactiveReason: 'Asked by e-mail',
        bounces: 0,
      },
      'Inactive since Nov 3, 2026 — by an administrator: Asked by e-mail',
    ],
    [
      { inactiveAt: NOV_3, inactiveHow: 'administrator', bounces: 0 },
      'Inactive since Nov 3, 2026 — by an administrator',
    ],
    [
      { inactiveAt: NOV_3, inactiveHow: 'bounces', bounces: 2 },
      'Inactive since Nov 3, 2026 — 2 bounces',
    ],
    // Older logs knew no date or how: the word only, nothing made up.
    [{ bounces: 0 }, 'Inactive'],
    [
      { inactiveAt: 'not a date', inactiveHow: 'link', bounces: 0 },
      'Inactive — unsubscribed by link',
    ],
  ] as const)('%j -> %s', (row, expected) => {
    expect(inactiveLine(row)).toBe(expected);
  });
});

describe("the 'Bouncing' badge", () => {
  it.each([
    [true, 0, false],
    [true, 1, true],
    [false, 1, false], // inactive says so itself
    [true, 2, false], // two bounces make the address inactive
  ])('active %s with %i bounce(s) -> %s', (active, bounces, expected) => {
    expect(isBouncing({ active, bounces })).toBe(expected);
  });
});

describe("the 'Send now' confirmation names the issue and the recipients", () => {
  it.each([
    ['Prices this week', 2400, 'Send “Prices this week” to 2,400 subscribers now?'],
    ['Prices this week', 1, 'Send “Prices this week” to 1 subscriber now?'],
  ])('%s to %i', (subject, n, expected) => {
    expect(sendQuestion(subject, n)).toBe(expected);
  });
});

describe('why sending is blocked', () => {
  const NO_SMTP = 'Sending is off: no SMTP_URL is configured.';
  it.each([
    [{ mailingReason: NO_SMTP, dirty: true, recipients: 0 }, NO_SMTP, NO_SMTP],
    [
      { mailingReason: null, dirty: true, recipients: 5 },
      'Save your changes first: the issue is sent as last saved.',
      'Save your changes first: the issue is sent as last saved.',
    ],
    [
      { mailingReason: null, dirty: false, recipients: 0 },
      null,
      'There is nobody to send this issue to: no active subscriber receives the weekly issue.',
    ],
    [{ mailingReason: null, dirty: false, recipients: 5 }, null, null],
  ])('%j -> test/schedule %j, send now %j', (state, blocked, sendNow) => {
    expect(sendBlockedReason(state)).toBe(blocked);
    expect(sendNowBlockedReason(state)).toBe(sendNow);
  });
});

describe("the 'Sending is turned off' notice about the postal-address footer", () => {
  it.each([
    // Both missing: the reason names the mail server, so the notice names the footer too.
    [
      { smtpConfigured: false, footerMissing: true },
      'Every message must also carry your postal address (CAN-SPAM), and none is set.',
    ],
    // Only the footer missing: the reason already says so; the link alone is added.
    [{ smtpConfigured: true, footerMissing: true }, ''],
    // The footer set: nothing about it.
    [{ smtpConfigured: false, footerMissing: false }, null],
    [{ smtpConfigured: true, footerMissing: false }, null],
  ] as const)('%j -> %j', (mailing, expected) => {
    expect(footerNote(mailing)).toBe(expected);
  });
});

describe('the schedule field', () => {
  const now = new Date(2026, 10, 26, 12, 0); // local time, as the browser reads the field

  it('sends the local time as its instant', () => {
    const local = '2026-11-30T09:00';
    expect(scheduleAt(local, now)).toEqual({
      ok: true,
      sendAt: new Date(2026, 10, 30, 9, 0).toISOString(),
    });
    expect(toLocalInput(new Date(2026, 10, 30, 9, 0).toISOString())).toBe(local);
  });

  it.each([
    ['', S.required],
    ['   ', S.required],
    ['tomorrow', S.invalid],
    ['2026-13-40T99:99', S.invalid],
    ['2026-11-26T12:00', S.past],
    ['2026-11-01T08:00', S.past],
  ])('%j -> %s', (local, error) => {
    expect(scheduleAt(local, now)).toEqual({ ok: false, error });
  });

  it.each([null, undefined, '', 'not a date'])('%j shows an empty field', (iso) => {
    expect(toLocalInput(iso)).toBe('');
  });
});

describe("the issue form's first check (the server decides; its 400 names the same fields)", () => {
  const ok = { subject: 'Prices this week', preheader: 'Two drops', bodyHtml: '<p>Hello</p>' };
  it.each([
    [ok, {}],
    [{ ...ok, subject: '  ' }, { subject: F.subjectRequired }],
    [{ ...ok, subject: 'a\nb' }, { subject: F.subjectOneLine }],
    [{ ...ok, subject: 'x'.repeat(151) }, { subject: F.subjectTooLong }],
    [{ ...ok, preheader: '' }, {}],
    [{ ...ok, preheader: 'a\nb' }, { preheader: F.preheaderOneLine }],
    [{ ...ok, preheader: 'x'.repeat(201) }, { preheader: F.preheaderTooLong }],
    [{ ...ok, bodyHtml: '' }, { bodyHtml: F.bodyRequired }],
    [{ ...ok, bodyHtml: '<p></p>' }, { bodyHtml: F.bodyRequired }],
    [{ ...ok, bodyHtml: '<p><img src="/a.png" alt="Chart"></p>' }, {}],
  ])('%j -> %j', (values, errors) => {
    expect(issueFormErrors(values)).toEqual(errors);
  });
});
