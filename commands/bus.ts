/**
 * The one generic command handler: validate -> load the stream(s) -> fold -> decide -> append
 * every stream at the revision read in one appendMany (all or nothing: a slug reservation
 * never outlives a refused rename), once more on a conflict where the declaration allows it. Every event gets metadata (eventId, occurredAt, actor, correlation and causation
 * ids, schemaVersion) and is checked against its event schema before it is appended. The
 * result carries the global position of the last event so the API can wait for the
 * projections (read-your-writes).
 *
 * It names no capability: each declares its commands (commands/<capability>/) and the
 * composition root passes them all in.
 */
import { randomUUID } from 'node:crypto';
import type { ZodType } from 'zod';
import type { Actor, DomainEvent, EventMetadata } from '../domain/shared/envelope';
import type { CommandDeclarations, CommandInput, StreamDecision } from './command';
import {
  ConcurrencyError,
  type EventStore,
  type RecordedEvent,
  type StreamAppend,
} from './event-store/port';
import { CommandValidationError } from './errors';

export const EVENT_SCHEMA_VERSION = 1;

export interface CommandContext {
  actor: Actor;
  correlationId: string;
  /** What caused this command (an upstream event or request id); default: a new command id. */
  causationId?: string;
}

export interface CommandResult {
  /** Id of the aggregate the command was about (provider id, admin id, subscription id). */
  id: string;
  /** Stream revision after the command (0-based; -1 when the stream does not exist). */
  revision: number;
  /** Global position of the last appended event (or the head when nothing was appended). */
  position: string;
}

export interface CommandBus<Command = { type: string }> {
  dispatch(command: Command, context: CommandContext): Promise<CommandResult>;
  /** The store it writes to (the demo seed reads it to see whether providers exist). */
  readonly eventStore: EventStore;
}

export interface CommandBusOptions<D extends CommandDeclarations> {
  eventStore: EventStore;
  /** Every command the bus accepts, by type name. */
  commands: D;
  /** Every event type's data schema, by type name: an event without one is never appended. */
  eventSchemas: Record<string, ZodType>;
  now?: () => Date;
  newId?: () => string;
}

const revisionOf = (history: readonly RecordedEvent[]): number => history.at(-1)?.revision ?? -1;

export function createCommandBus<D extends CommandDeclarations>(
  options: CommandBusOptions<D>,
): CommandBus<CommandInput<D>> {
  const { eventStore, commands, eventSchemas } = options;
  const now = options.now ?? (() => new Date());
  const newId = options.newId ?? randomUUID;

  /** Checks the event data the deciders produced against the event schemas (a bug guard). */
  function assertValidEvents(events: DomainEvent[]): void {
    for (const event of events) {
      const schema = eventSchemas[event.type];
      if (!schema) throw new Error(`No schema for event type ${event.type}`);
      const parsed = schema.safeParse(event.data);
      if (!parsed.success) {
        throw new Error(`Invalid ${event.type} data: ${parsed.error.issues[0]?.message ?? ''}`);
      }
    }
  }

  async function attempt(
    pick: (reads: {
      readStream(id: string): Promise<RecordedEvent[]>;
    }) => Promise<StreamDecision[]>,
    context: CommandContext,
    commandId: string,
    /** The streams this attempt picked (whether a conflict may be retried depends on them). */
    picked: { streams: StreamDecision[] },
  ): Promise<CommandResult> {
    const at = now();
    const metadata = (): EventMetadata => ({
      eventId: randomUUID(),
      occurredAt: at.toISOString(),
      actor: context.actor,
      correlationId: context.correlationId,
      causationId: commandId,
      schemaVersion: EVENT_SCHEMA_VERSION,
    });
    // A stream read while picking the streams is decided on that same read.
    const reads = new Map<string, Promise<RecordedEvent[]>>();
    const readStream = (streamId: string): Promise<RecordedEvent[]> => {
      let read = reads.get(streamId);
      if (!read) reads.set(streamId, (read = eventStore.readStream(streamId)));
      return read;
    };
    const streams = await pick({ readStream });
    picked.streams = streams;
    const histories = await Promise.all(streams.map((s) => readStream(s.streamId)));
    // Decide every stream before writing any, so a refusal on one writes nothing.
    const decisions = streams.map((stream, i) => {
      const history = histories[i] ?? [];
      const revision = revisionOf(history);
      const { expectedRevision } = stream;
      if (expectedRevision !== undefined && expectedRevision !== revision) {
        throw new ConcurrencyError(
          stream.streamId,
          expectedRevision,
          revision === -1 ? 'no_stream' : revision,
        );
      }
      return { stream, revision, ...stream.decide(history, at) };
    });
    const last = decisions.at(-1);
    if (!last) throw new Error('A command must decide on at least one stream');
    const toNew = (events: DomainEvent[]) =>
      events.map((e) => ({ type: e.type, data: e.data, metadata: metadata() }));
    const appends: StreamAppend[] = [];
    const written: typeof decisions = [];
    for (const decision of decisions) {
      const { stream, revision, events, undo } = decision;
      if (events.length === 0) continue;
      assertValidEvents(events);
      if (undo) assertValidEvents(undo);
      appends.push({
        streamId: stream.streamId,
        events: toNew(events),
        expected: revision === -1 ? 'no_stream' : revision,
        ...(undo && undo.length > 0 ? { undo: toNew(undo) } : {}),
      });
      written.push(decision);
    }
    const results = appends.length > 0 ? await eventStore.appendMany(appends) : [];
    const lastAppended = results.at(-1);
    const position = lastAppended
      ? lastAppended.position.toString()
      : (await eventStore.headPosition()).toString();
    // The result names the last stream: its revision after the append, or as read.
    const lastResult = written.at(-1) === last ? lastAppended : undefined;
    return {
      id: last.id,
      revision: lastResult ? lastResult.nextRevision : last.revision,
      position,
    };
  }

  return {
    eventStore,
    async dispatch(input, context) {
      const type = (input as { type?: unknown }).type;
      const declaration =
        typeof type === 'string' && Object.hasOwn(commands, type) ? commands[type] : undefined;
      if (!declaration) {
        throw new CommandValidationError({ type: `Unknown command type ${String(type)}` });
      }
      const parsed = declaration.schema.safeParse(input);
      if (!parsed.success) throw CommandValidationError.fromZod(parsed.error);
      const commandId = context.causationId ?? newId();
      const command = declaration.prepare?.(parsed.data, { newId }) ?? parsed.data;
      const pick = async (reads: { readStream(id: string): Promise<RecordedEvent[]> }) =>
        declaration.streams(command, reads);
      const picked: { streams: StreamDecision[] } = { streams: [] };
      try {
        return await attempt(pick, context, commandId, picked);
      } catch (error) {
        const retry =
          error instanceof ConcurrencyError &&
          declaration.retryOnConflict !== false &&
          picked.streams.every((s) => s.expectedRevision === undefined);
        if (!retry) throw error;
        return attempt(pick, context, commandId, picked);
      }
    },
  };
}
