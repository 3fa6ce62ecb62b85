/**
 * A mutation's outcome as toasts, the back office's one way of saying it:
 * `save.mutate(input, toastOutcome({ success: 'Keyword updated', failure: 'Failed to update keyword' }))`.
 * Success is a 'success' toast; failure an 'error' toast titled `failure`, described by the
 * server's message or, when it sent none, `fallback` ('Please try again.').
 */
import { errorMessage } from '../../lib/http-client';
import { showToast } from './toast';

export interface OutcomeToasts {
  /** The success toast's title, or its title and description; none when left out. */
  success?: string | { title: string; description?: string };
  /** The error toast's title ('Failed to delete keyword'). */
  failure: string;
  /** The error toast's description when the error carries no server message. */
  fallback?: string;
  /** Runs after the success toast (close a dialog, clear a selection). */
  onSuccess?: () => void;
  /** Runs after the error toast. */
  onError?: (cause: unknown) => void;
}

/** The `{ onSuccess, onError }` for a `mutate` call (spread it to add `onSettled`). */
export function toastOutcome({
  success,
  failure,
  fallback = 'Please try again.',
  onSuccess,
  onError,
}: OutcomeToasts): { onSuccess: () => void; onError: (cause: unknown) => void } {
  return {
    onSuccess: () => {
      if (success !== undefined) {
        showToast({
          ...(typeof success === 'string' ? { title: success } : success),
          variant: 'success',
        });
      }
      onSuccess?.();
    },
    onError: (cause) => {
      showToast({ title: failure, description: errorMessage(cause, fallback), variant: 'error' });
      onError?.(cause);
    },
  };
}
