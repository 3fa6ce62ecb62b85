/** A toast's shape, shared by the toast API (./toast) and its lazily loaded sonner half. */
export type ToastVariant = 'default' | 'success' | 'error';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** One button in the toast ('Undo'); the toast closes when it is pressed. */
  action?: { label: string; onClick: () => void };
  /** Milliseconds on screen (default 4000; an action gets 8000 to reach it). */
  duration?: number;
}
