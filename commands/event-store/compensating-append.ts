import type { AppendResult, NewEvent, StreamAppend } from './port';

/** A compensation that could not be appended: the log needs a person (logged as a 500). */
export class CompensationError extends Error {
  override readonly name = 'CompensationError';
  constructor(
    readonly streamId: string,
    readonly refused: unknown,
    cause: unknown,
  ) {
    super(`Could not take back the append to ${streamId} after a later stream was refused`, {
      cause,
    });
  }
}

/**
 * appendMany for a store without multi-stream transactions (EventStoreDB): appends the streams
 * one after the other; when one is refused, appends the `undo` events of those already written
 * (newest first, each at the revision its append left, so nothing of anyone else's is undone),
 * then rethrows the refusal. A stream without `undo` cannot be taken back: callers put it last.
 */
export async function appendInOrder(
  appends: readonly StreamAppend[],
  appendOne: (append: StreamAppend) => Promise<AppendResult>,
): Promise<AppendResult[]> {
  if (appends.length === 0) throw new RangeError('appendMany needs at least one stream');
  const done: { append: StreamAppend; result: AppendResult }[] = [];
  try {
    for (const append of appends) done.push({ append, result: await appendOne(append) });
  } catch (refused) {
    for (const { append, result } of done.reverse()) {
      const undo: NewEvent[] = append.undo ?? [];
      if (undo.length === 0) continue;
      try {
        await appendOne({ streamId: append.streamId, events: undo, expected: result.nextRevision });
      } catch (error) {
        throw new CompensationError(append.streamId, refused, error);
      }
    }
    throw refused;
  }
  return done.map((d) => d.result);
}
