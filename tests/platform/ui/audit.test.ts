import { describe, expect, it } from 'vitest';
import {
  auditActor,
  formatAuditTime,
  humanEventType,
  humanFieldName,
} from '../../../web/features/audit/audit';

describe('audit log display', () => {
  it.each([
    ['2026-01-05T14:03:09.000Z', 'UTC', 'Jan 05, 2026 14:03'],
    ['2026-11-30T00:00:00.000Z', 'UTC', 'Nov 30, 2026 00:00'],
    ['2026-07-01T03:30:00.000Z', 'America/New_York', 'Jun 30, 2026 23:30'],
    ['not a date', 'UTC', 'not a date'],
  ])('%s in %s -> %s', (iso, zone, expected) => {
    expect(formatAuditTime(iso, zone)).toBe(expected);
  });

  it.each([
    [{ kind: 'admin', id: 'a1', email: 'owner@example.com' }, 'owner@example.com'],
    [{ kind: 'system', id: 'scheduler' }, 'System'],
    [{ kind: 'visitor', id: 'v1' }, 'Visitor'],
    [{ kind: 'admin', id: 'a1' }, 'a1'],
  ])('actor %j -> %s', (actor, expected) => {
    expect(auditActor(actor)).toBe(expected);
  });

  it.each([
    ['ProviderDetailsChanged', 'Provider details changed'],
    ['VialScoreRecomputed', 'Vial Score recomputed'],
    ['ProviderListed', 'Provider listed'],
  ])('event %s -> %s', (type, expected) => {
    expect(humanEventType(type)).toBe(expected);
  });

  it.each([
    ['websiteUrl', 'Website URL'],
    ['trustpilotScore', 'Trustpilot score'],
    ['card.logoUrl', 'Card logo url'],
  ])('field %s -> %s', (field, expected) => {
    expect(humanFieldName(field)).toBe(expected);
  });
});
