/**
 * A unique key (a post's slug, a provider's slug) reserved in its own stream: the first
 * reservation is appended at 'no stream', so two owners never hold one key, with no database
 * constraint (docs/architecture.md, uniqueness). Each capability names its own events (the
 * log already holds the blog's); this is the rule they share:
 *
 * - Reserve: a free key is reserved for the owner; the owner reserving again changes nothing;
 *   a key another owner holds is refused (`taken`).
 * - Release: only the holder's release frees the key; anyone else's changes nothing.
 * - Undo: the events taking a decision back (a reservation's release, a release's
 *   reservation), appended by a store without multi-stream transactions when the command's
 *   other streams were refused (commands/event-store/compensating-append.ts).
 */
import type { Decider } from './decider';
import type { DomainEvent } from './envelope';

/** Who holds the key now (null: free, or never used). */
export type ReservationState = { reservedBy: string | null };

export type ReservationCommand =
  | { type: 'Reserve'; key: string; ownerId: string }
  /** `renamedTo`: the key the owner moves to (a renamed post's old URL redirects there). */
  | { type: 'Release'; key: string; ownerId: string; renamedTo: string | null };

export interface ReservationEvents<Event extends DomainEvent> {
  reserved(key: string, ownerId: string): Event;
  released(key: string, ownerId: string, renamedTo: string | null): Event;
  /** Who holds the key after `event`: the owner it reserves for, or null when it releases. */
  holderAfter(event: Event): string | null;
  /** The refusal when another owner holds the key (a DecisionError naming it). */
  taken(key: string): never;
}

export interface Reservation<Event extends DomainEvent> extends Decider<
  ReservationCommand,
  Event,
  ReservationState
> {
  /** The events that take back what `decide(command)` appended (nothing for a no-op). */
  undo(command: ReservationCommand, decided: readonly Event[]): Event[];
}

export function reservation<Event extends DomainEvent>(
  events: ReservationEvents<Event>,
): Reservation<Event> {
  return {
    initialState: { reservedBy: null },
    evolve: (_state, event) => ({ reservedBy: events.holderAfter(event) }),
    decide(command, state) {
      const { key, ownerId } = command;
      if (command.type === 'Reserve') {
        if (state.reservedBy === ownerId) return [];
        if (state.reservedBy !== null) events.taken(key);
        return [events.reserved(key, ownerId)];
      }
      if (state.reservedBy !== ownerId) return [];
      return [events.released(key, ownerId, command.renamedTo)];
    },
    undo(command, decided) {
      if (decided.length === 0) return [];
      return command.type === 'Reserve'
        ? [events.released(command.key, command.ownerId, null)]
        : [events.reserved(command.key, command.ownerId)];
    },
  };
}
