/**
 * Operations on the site itself, recorded like every other change: a rebuild of the read
 * models started from the back office, one stream per rebuild (`rebuild-{rebuildId}`). Its
 * events carry who started it (the metadata's actor) and, when it ends, the outcome.
 */
import { z } from 'zod';
import type { DomainEvent } from '../shared/envelope';

export const rebuildStreamId = (rebuildId: string): string => `rebuild-${rebuildId}`;

const rebuildId = z.string().min(1).max(100);

export const operationsEventSchemas = {
  ReadModelsRebuildStarted: z.object({
    rebuildId,
    /** Events in the log when it started. */
    total: z.number().int().min(0),
  }),
  ReadModelsRebuilt: z.object({
    rebuildId,
    /** Events replayed. */
    events: z.number().int().min(0),
    /** Read models swapped in. */
    projectors: z.number().int().min(0),
    /** The log position every rebuilt read model now has. */
    position: z.string().min(1),
    ms: z.number().int().min(0),
  }),
  ReadModelsRebuildFailed: z.object({
    rebuildId,
    error: z.string().min(1).max(1000),
    ms: z.number().int().min(0),
  }),
} as const;

type Schemas = typeof operationsEventSchemas;
export type ReadModelsRebuildStarted = z.infer<Schemas['ReadModelsRebuildStarted']>;
export type ReadModelsRebuilt = z.infer<Schemas['ReadModelsRebuilt']>;
export type ReadModelsRebuildFailed = z.infer<Schemas['ReadModelsRebuildFailed']>;

export type OperationsEvent =
  | DomainEvent<'ReadModelsRebuildStarted', ReadModelsRebuildStarted>
  | DomainEvent<'ReadModelsRebuilt', ReadModelsRebuilt>
  | DomainEvent<'ReadModelsRebuildFailed', ReadModelsRebuildFailed>;

export const OPERATIONS_EVENT_TYPES = Object.keys(operationsEventSchemas) as Array<keyof Schemas>;

/** Narrows a stored event to an operations event; data is trusted (validated on append). */
export function asOperationsEvent(event: { type: string; data: unknown }): OperationsEvent | null {
  return Object.hasOwn(operationsEventSchemas, event.type) ? (event as OperationsEvent) : null;
}
