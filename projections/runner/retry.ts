/**
 * After an error the subscription is dropped and restarted from the stored checkpoint after a
 * backoff: retryDelayMs doubled per failure in a row, up to maxRetryDelayMs.
 */
import type { ProjectionRunnerOptions } from './options';
import { holds, loadCheckpoint, type RunnerState, type Slot } from './slot';

export function retryDelay(
  options: Pick<ProjectionRunnerOptions, 'retryDelayMs' | 'maxRetryDelayMs'>,
  failures: number,
): number {
  return Math.min(options.maxRetryDelayMs ?? 5000, (options.retryDelayMs ?? 100) * 2 ** failures);
}

/**
 * After the backoff, reloads the slot's checkpoint and calls `resubscribe` if the slot still
 * runs here; `onError` if the reload fails.
 */
export function retryLater(
  state: RunnerState,
  slot: Slot,
  resubscribe: () => void,
  onError: (error: unknown) => void,
): void {
  const delay = retryDelay(state.options, slot.failures);
  slot.failures++;
  slot.retryTimer = setTimeout(() => {
    slot.retryTimer = null;
    const wanted = () => state.running && !slot.paused && holds(state, slot);
    if (!wanted()) return;
    loadCheckpoint(state, slot).then(() => {
      if (wanted() && !slot.subscription) resubscribe();
    }, onError);
  }, delay);
}

export function cancelRetry(slot: Slot): void {
  if (slot.retryTimer) clearTimeout(slot.retryTimer);
  slot.retryTimer = null;
}
