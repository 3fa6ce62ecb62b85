/**
 * The audit log's before -> after values formatted by their kind (money with '$', issue 27),
 * and which field changes offer 'Revert this change'.
 */
import { describe, expect, it } from 'vitest';
import type { AuditEntryView } from '../../../api/contracts/back-office';
import {
  changeLabel,
  formatAuditChange,
  type AuditChangeView,
} from '../../../web/features/audit/audit';
import { revertability } from '../../../web/features/audit/components/revert-change';

describe('formatAuditChange', () => {
  it.each<[string, AuditChangeView, string, string]>([
    [
      'a price table reads as money per dose',
      {
        field: 'prices.semaglutide',
        kind: 'usdPerDose',
        before: { '0.25mg': 199, '0.5mg': 249 },
        after: { '0.25mg': 179 },
      },
      '0.25mg $199, 0.5mg $249',
      '0.25mg $179',
    ],
    ['an amount reads as money', { field: 'fee', kind: 'usd', before: 49, after: 0 }, '$49', '$0'],
    [
      'an emptied price table says so',
      { field: 'prices.tirzepatide', kind: 'usdPerDose', before: { '5mg': 299 }, after: {} },
      '5mg $299',
      'no prices',
    ],
    [
      'a number without a kind is not guessed to be money',
      { field: 'trustpilotScore', before: 4.5, after: 4 },
      '4.5',
      '4',
    ],
    [
      'a value the log did not know reads as unknown',
      { field: 'websiteUrl', after: 'https://a.example' },
      'unknown',
      'https://a.example',
    ],
    [
      'a line of a group of facts reads as the words the log gave',
      { field: 'HSA/FSA receipts', kind: 'words', before: 'Unknown', after: 'Yes' },
      'Unknown',
      'Yes',
    ],
  ])('%s', (_case, change, before, after) => {
    expect(formatAuditChange(change, 'before')).toBe(before);
    expect(formatAuditChange(change, 'after')).toBe(after);
  });
});

describe('revertability', () => {
  const entry = (kind: string): AuditEntryView => ({
    _id: '1',
    position: '12',
    occurredAt: '2026-11-03T10:00:00.000Z',
    actor: { kind: 'admin', id: 'a', email: 'ann@example.com' },
    eventType: 'ProviderDetailsChanged',
    summary: 'Edited',
    subject: { kind, id: 'p1', name: 'Acme' },
    changedFields: [],
  });
  it.each<[string, string, AuditChangeView, ReturnType<typeof revertability>]>([
    [
      'a provider field with its value before: offered',
      'provider',
      { field: 'websiteUrl', before: 'a', after: 'b' },
      { ok: true },
    ],
    [
      'a post field with its value before: offered',
      'post',
      { field: 'title', before: 'a', after: 'b' },
      { ok: true },
    ],
    [
      'the value before not known: not offered, and said',
      'provider',
      { field: 'offers', after: [] },
      { ok: false, reason: 'Not revertible: the value before this change is not known.' },
    ],
    [
      'a line of a group of facts, saved as a whole: not offered (the entry says where, once)',
      'provider',
      { field: 'Pharmacy', kind: 'words', before: 'Unknown', after: 'Belmar' },
      { ok: false, reason: null },
    ],
    [
      'the computed Vial Score: not offered',
      'provider',
      { field: 'vialScore', before: 7, after: 8 },
      { ok: false, reason: null },
    ],
    [
      'an item kind without a revert: not offered',
      'subscription',
      { field: 'status', before: 'a', after: 'b' },
      { ok: false, reason: null },
    ],
  ])('%s', (_case, kind, change, expected) => {
    expect(revertability(entry(kind), change)).toEqual(expected);
  });
});

describe('changeLabel', () => {
  it.each<[string, AuditChangeView, string]>([
    ['a form field by the form’s label', { field: 'websiteUrl', after: 'x' }, 'Website URL'],
    [
      'a line of a group of facts as the log worded it',
      { field: 'HSA/FSA receipts', kind: 'words', after: 'Yes' },
      'HSA/FSA receipts',
    ],
  ])('%s', (_case, change, label) => {
    expect(changeLabel(change)).toBe(label);
  });
});
