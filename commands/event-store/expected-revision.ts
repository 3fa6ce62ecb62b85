import type { ExpectedRevision, NewEvent } from './port';

/** Whether a stream at `current` (-1: no stream) satisfies the expectation. */
export function satisfies(expected: ExpectedRevision, current: number): boolean {
  switch (expected) {
    case 'any':
      return true;
    case 'no_stream':
      return current === -1;
    case 'stream_exists':
      return current >= 0;
    default:
      return current === expected;
  }
}

/**
 * Rejects appends every adapter refuses the same way: no events (a command that decides
 * nothing should not append), or a revision that cannot exist.
 */
export function assertAppendable(events: NewEvent[], expected: ExpectedRevision): void {
  if (events.length === 0) throw new RangeError('append needs at least one event');
  if (typeof expected === 'number' && !(Number.isSafeInteger(expected) && expected >= 0)) {
    throw new RangeError(`expected revision must be a non-negative integer, got ${expected}`);
  }
}
