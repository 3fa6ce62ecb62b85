import { describe, expect, it } from 'vitest';
import { auditActor, humanEventType, humanFieldName } from '../../../web/features/audit/audit';

describe('audit log display', () => {
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
