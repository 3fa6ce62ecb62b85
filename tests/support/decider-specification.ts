/**
 * Given / When / Then for deciders, after emmett's DeciderSpecification:
 *
 *   const spec = DeciderSpecification.for(providerDecider, { now: NOW });
 *   spec.given([listed]).when({ type: 'RemoveProvider', providerId }).then([removed]);
 *   spec.given([]).when(command).thenThrows(DecisionError, { code: 'provider_not_found' });
 *   spec.given(history).when(command).thenNothingHappened();
 *
 * The given events are folded from the decider's initial state with its `evolve`, and the
 * command is decided at `now` (default: the current time). Assertions are vitest's, so a
 * failure shows the usual diff.
 */
import { expect } from 'vitest';
import type { Decider } from '../../domain/shared/decider';
import type { DomainEvent } from '../../domain/shared/envelope';

/** An error class; its instances' type is read from `prototype` (generic classes infer well). */
type ErrorClass<E extends Error> = (abstract new (...args: never[]) => Error) & { prototype: E };

/**
 * What the thrown error must satisfy besides its class: a predicate, or the fields it must
 * have (compared as `toMatchObject` does, e.g. `{ code: 'provider_not_found' }`).
 */
export type ErrorCheck<E extends Error> =
  ((error: E) => boolean) | Partial<Record<keyof E, unknown>>;

export interface DeciderThen<Event> {
  /** The decision is exactly these events, in this order. */
  then(expected: Event[]): void;
  /** The decision is as many events as given, each matching its partial shape in order. */
  thenMatches(expected: unknown[]): void;
  /** The decision appends nothing (and does not throw). */
  thenNothingHappened(): void;
  /** The decision throws: an instance of `errorClass` (when given) that passes `check`. */
  thenThrows<E extends Error>(errorClass: ErrorClass<E>, check?: ErrorCheck<NoInfer<E>>): void;
  thenThrows(check: ((error: Error) => boolean) | Record<string, unknown>): void;
}

export interface DeciderGiven<Command, Event> {
  when(command: Command): DeciderThen<Event>;
}

export interface DeciderSpec<Command, Event> {
  given(events: readonly Event[]): DeciderGiven<Command, Event>;
}

const isErrorClass = (value: unknown): value is ErrorClass<Error> =>
  typeof value === 'function' &&
  (value === Error || (value as { prototype?: unknown }).prototype instanceof Error);

type AnyCheck = ((error: Error) => boolean) | Record<string, unknown>;

function assertError(error: unknown, check: AnyCheck | undefined): void {
  if (check === undefined) return;
  if (typeof check === 'function') {
    expect(check(error as Error), `the error did not pass the check: ${String(error)}`).toBe(true);
  } else {
    expect(error).toMatchObject(check);
  }
}

function deciderSpecificationFor<Command, Event extends DomainEvent, State>(
  decider: Decider<Command, Event, State>,
  options: { now?: Date } = {},
): DeciderSpec<Command, Event> {
  return {
    given(events) {
      return {
        when(command) {
          const decide = (): Event[] => {
            const state = events.reduce(decider.evolve, decider.initialState);
            return decider.decide(command, state, options.now ?? new Date());
          };
          return {
            then(expected) {
              expect(decide()).toEqual(expected);
            },
            thenMatches(expected) {
              expect(decide()).toMatchObject(expected);
            },
            thenNothingHappened() {
              expect(decide()).toEqual([]);
            },
            thenThrows(first: ErrorClass<Error> | AnyCheck, second?: AnyCheck): void {
              let events: Event[];
              try {
                events = decide();
              } catch (error) {
                if (isErrorClass(first)) {
                  expect(error).toBeInstanceOf(first);
                  assertError(error, second);
                } else {
                  assertError(error, first);
                }
                return;
              }
              expect.fail(
                `expected the decision to throw, but it decided ${JSON.stringify(events)}`,
              );
            },
          };
        },
      };
    },
  };
}

export const DeciderSpecification = { for: deciderSpecificationFor };
