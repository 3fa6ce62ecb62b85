/**
 * What every capability's write model is: a decider (emmett's shape). `decide` turns a
 * command and the current state into new events or a DecisionError; `evolve` folds one event
 * into the state; `initialState` is the state of a stream that does not exist. Pure: the
 * caller passes the time.
 */
import type { DomainEvent } from './envelope';

export interface Decider<Command, Event extends DomainEvent, State> {
  decide(command: Command, state: State, now: Date): Event[];
  evolve(state: State, event: Event): State;
  initialState: State;
}

export function fold<Event extends DomainEvent, State>(
  decider: Pick<Decider<unknown, Event, State>, 'evolve' | 'initialState'>,
  events: readonly Event[],
): State {
  return events.reduce(decider.evolve, decider.initialState);
}

/**
 * A command the history does not allow (not found, removed, already exists...). `code` is
 * stable and names the rule; `message` is what a person reads. Each capability lists its codes
 * with their messages (`decisionErrors`), and the HTTP layer maps codes to statuses.
 */
export class DecisionError<Code extends string = string> extends Error {
  override readonly name = 'DecisionError';
  constructor(
    readonly code: Code,
    message: string,
  ) {
    super(message);
  }
}

/** A capability's refusals: code -> message, and `fail(code)` to throw one. */
export function decisionErrors<const Messages extends Record<string, string>>(messages: Messages) {
  type Code = Extract<keyof Messages, string>;
  return {
    messages,
    fail(code: Code): never {
      throw new DecisionError(code, messages[code] as string);
    },
    /** True when `error` is one of these refusals. */
    is(error: unknown): error is DecisionError<Code> {
      return error instanceof DecisionError && Object.hasOwn(messages, error.code);
    },
  };
}

/**
 * A stored event narrowed to one capability's events by its type name (the data was checked
 * against the event schema before it was appended, so it is trusted).
 */
export function eventNarrower<Schemas extends Record<string, unknown>, Event extends DomainEvent>(
  schemas: Schemas,
) {
  return (event: { type: string; data: unknown }): Event | null =>
    Object.hasOwn(schemas, event.type) ? (event as Event) : null;
}
