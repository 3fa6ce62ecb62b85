import { z } from 'zod';

/** Who caused an event. Visitors are anonymous; system is the app itself (seed, jobs). */
export const actorSchema = z.object({
  kind: z.enum(['admin', 'visitor', 'system']),
  id: z.string().min(1),
  email: z.string().optional(),
});
export type Actor = z.infer<typeof actorSchema>;

/** Metadata carried by every stored event; the audit history is read from it. */
export const eventMetadataSchema = z.object({
  eventId: z.string().uuid(),
  occurredAt: z.string().datetime(),
  actor: actorSchema,
  correlationId: z.string().min(1),
  causationId: z.string().min(1),
  schemaVersion: z.number().int().positive(),
});
export type EventMetadata = z.infer<typeof eventMetadataSchema>;

/** A domain event as a decider produces it: a fact, not yet stored. */
export interface DomainEvent<TType extends string = string, TData = unknown> {
  type: TType;
  data: TData;
}

export const SYSTEM_ACTOR: Actor = { kind: 'system', id: 'system' };
