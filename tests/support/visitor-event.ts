/** A new event as an anonymous visitor's command would append it (tests of the log's layers). */
import { randomUUID } from 'node:crypto';
import type { NewEvent } from '../../commands/event-store/port';

export const visitorEvent = (type: string, data: Record<string, unknown>): NewEvent => ({
  type,
  data,
  metadata: {
    eventId: randomUUID(),
    occurredAt: new Date().toISOString(),
    actor: { kind: 'visitor', id: 'anonymous' },
    correlationId: 'test',
    causationId: 'test',
    schemaVersion: 1,
  },
});
