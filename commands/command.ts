/**
 * How a capability declares a command against the one generic handler (commands/bus.ts):
 * its zod schema, what is decided once per dispatch (new ids), and the stream(s) it decides on
 * with the decider that folds and decides each. A command is a few lines of declaration:
 *
 *   RemoveProvider: declareCommand({
 *     schema: removeProviderCommand,
 *     streams: (c) => [
 *       onStream(providerModel, providerStreamId(c.providerId), {
 *         id: c.providerId,
 *         expectedRevision: c.expectedRevision,
 *         decide: (state, now) => providerDecider.decide({ ... }, state, now),
 *       }),
 *     ],
 *   }),
 */
import type { z, ZodType } from 'zod';
import type { Decider } from '../domain/shared/decider';
import type { DomainEvent } from '../domain/shared/envelope';
import type { RecordedEvent } from './event-store/port';

/** A decider with the event types its streams hold (to read a stream back as its events). */
export interface WriteModel<Event extends DomainEvent, State> {
  decider: Pick<Decider<never, Event, State>, 'evolve' | 'initialState'>;
  /** The capability's event schemas by type name (the append guard checks data against them). */
  eventSchemas: Record<string, ZodType>;
}

export function writeModel<Event extends DomainEvent, State>(
  decider: WriteModel<Event, State>['decider'],
  eventSchemas: Record<string, ZodType>,
): WriteModel<Event, State> {
  return { decider, eventSchemas };
}

/** One stream a command decides on, with its history folded by the stream's decider. */
export interface StreamDecision {
  streamId: string;
  /** Only with a stale-form check: the revision the caller loaded (a mismatch is a conflict). */
  expectedRevision?: number;
  /**
   * Folds the history and decides: the events to append, the id the result names, and the
   * events that would take them back (a reservation's release) should a later stream of the
   * command be refused on a store that cannot append several streams atomically.
   */
  decide(
    history: readonly RecordedEvent[],
    now: Date,
  ): { events: DomainEvent[]; id: string; undo?: DomainEvent[] };
}

/** The state a stream's history folds to under its model (other events are skipped). */
export function foldHistory<Event extends DomainEvent, State>(
  model: WriteModel<Event, State>,
  history: readonly RecordedEvent[],
): State {
  const { evolve, initialState } = model.decider;
  let state = initialState;
  for (const recorded of history) {
    // A stream holds only its model's events; anything else is skipped, never folded.
    if (Object.hasOwn(model.eventSchemas, recorded.type)) {
      state = evolve(state, recorded as unknown as Event); // data checked when appended
    }
  }
  return state;
}

/** Reads a stream while a command picks its streams (the bus decides on the same history). */
export interface StreamReader {
  readStream(streamId: string): Promise<readonly RecordedEvent[]>;
}

export function onStream<Event extends DomainEvent, State>(
  model: WriteModel<Event, State>,
  streamId: string,
  step: {
    /** The id the command's result names: fixed, or read from the state (an admin's id). */
    id: string | ((state: State) => string);
    expectedRevision?: number;
    decide(state: State, now: Date): Event[];
    /** The events taking `decided` back (reservation streams; see StreamDecision.decide). */
    undo?(decided: Event[]): Event[];
  },
): StreamDecision {
  return {
    streamId,
    ...(step.expectedRevision === undefined ? {} : { expectedRevision: step.expectedRevision }),
    decide(history, now) {
      const state = foldHistory(model, history);
      const id = typeof step.id === 'string' ? step.id : step.id(state);
      const events = step.decide(state, now);
      return step.undo ? { events, id, undo: step.undo(events) } : { events, id };
    },
  };
}

export interface CommandDeclaration<
  Schema extends ZodType<{ type: string }>,
  Prepared = z.output<Schema>,
> {
  schema: Schema;
  /** Fills in what is decided once per dispatch, before any attempt (new ids). */
  prepare?(command: z.output<Schema>, ids: { newId(): string }): Prepared;
  /**
   * The streams the command decides on, appended together in this order (reservations first,
   * the aggregate's stream last: a store without multi-stream transactions takes the earlier
   * ones back when a later one is refused). Every stream is decided before any is written, so
   * a refusal on one writes nothing. The result names the last stream's id. `reads` lets the
   * choice depend on a stream (a renamed provider's old slug); a stream read there is decided
   * on that same history, so its append checks the revision the choice was made at.
   */
  streams(command: Prepared, reads: StreamReader): StreamDecision[] | Promise<StreamDecision[]>;
  /**
   * Whether a concurrency conflict is answered by deciding once more on the fresh history
   * (default true). Never when a stream has an expectedRevision: a stale form sees the conflict.
   */
  retryOnConflict?: boolean;
}

export function declareCommand<
  Schema extends ZodType<{ type: string }>,
  Prepared = z.output<Schema>,
>(declaration: CommandDeclaration<Schema, Prepared>): CommandDeclaration<Schema, Prepared> {
  return declaration;
}

/**
 * A capability's commands by type name. `Prepared` is each declaration's own business: the bus
 * only passes it from `prepare` to `streams`.
 */
export type CommandDeclarations = Record<
  string,
  CommandDeclaration<ZodType<{ type: string }>, unknown>
>;

/** The input (as callers write it) of any command in a set of declarations. */
export type CommandInput<D> = {
  [K in keyof D]: D[K] extends CommandDeclaration<infer S, infer _P> ? z.input<S> : never;
}[keyof D];
