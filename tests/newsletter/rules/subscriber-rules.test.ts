/**
 * The administrator's reason and the preferences' fields as the commands read them: every
 * message names its field.
 */
import { describe, expect, it } from 'vitest';
import { readMedications, readState } from '../../../domain/newsletter/preferences';
import { validateUnsubscribeReason } from '../../../domain/newsletter/rules';
import { recordSubscriberBounceCommand } from '../../../commands/newsletter/commands';

describe('validateUnsubscribeReason', () => {
  it.each([
    ['Asked by mail', { ok: true, reason: 'Asked by mail' }],
    ['  Asked by mail  ', { ok: true, reason: 'Asked by mail' }],
    ['x'.repeat(200), { ok: true, reason: 'x'.repeat(200) }],
    ['x'.repeat(201), { ok: false, error: 'Reason must be at most 200 characters.' }],
    ['one\ntwo', { ok: false, error: 'Reason must be one line.' }],
    ['one\r\ntwo', { ok: false, error: 'Reason must be one line.' }],
    ['', { ok: false, error: 'Reason is required: say why this subscriber is unsubscribed.' }],
    ['   ', { ok: false, error: 'Reason is required: say why this subscriber is unsubscribed.' }],
    [
      undefined,
      { ok: false, error: 'Reason is required: say why this subscriber is unsubscribed.' },
    ],
    [7, { ok: false, error: 'Reason is required: say why this subscriber is unsubscribed.' }],
  ])('%j -> %j', (given, expected) => {
    expect(validateUnsubscribeReason(given)).toEqual(expected);
  });
});

describe('readMedications (the form posts none, one, or several)', () => {
  it.each([
    [undefined, []],
    [[], []],
    ['tirzepatide', ['tirzepatide']],
    [
      ['tirzepatide', 'semaglutide', 'tirzepatide'],
      ['semaglutide', 'tirzepatide'],
    ],
    ['liraglutide', null],
    [['semaglutide', 3], null],
  ])('%j -> %j', (given, expected) => {
    expect(readMedications(given)).toEqual(expected);
  });
});

describe('readState', () => {
  it.each([
    ['OH', 'OH'],
    ['', null],
    [null, null],
    [undefined, null],
    ['oh', undefined],
    ['ZZ', undefined],
    [42, undefined],
  ])('%j -> %j', (given, expected) => {
    expect(readState(given)).toBe(expected);
  });
});

describe('a bounce response keeps no address', () => {
  it.each([
    [
      '550 5.1.1 <ann@example.com>: Recipient address rejected',
      '550 5.1.1 <[address]>: Recipient address rejected',
    ],
    ['550 no such user', '550 no such user'],
  ])('%s', (response, kept) => {
    const parsed = recordSubscriberBounceCommand.parse({
      type: 'RecordSubscriberBounce',
      subscriptionId: 'c'.repeat(32),
      response,
    });
    expect(parsed.response).toBe(kept);
  });
});
