/**
 * Toasts on sonner: `useToast().toast({ title, description, variant, action })` from any
 * component; mount <Toaster /> once (the root layout does). Sonner's region is announced to
 * screen readers (aria-live polite) and its toasts can be dismissed with the keyboard.
 * Identical messages collapse: a toast's id is its text, so showing the same title and
 * description again replaces the one on screen instead of stacking a copy.
 */
import { useMemo } from 'react';
import { Toaster as SonnerToaster, toast as sonner } from 'sonner';

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

/** The id that makes identical messages one toast. */
export const toastKey = ({ title, description = '', variant = 'default' }: ToastInput): string =>
  `${variant}\u0000${title}\u0000${description}`;

export function showToast(input: ToastInput): string {
  const id = toastKey(input);
  const show =
    input.variant === 'error'
      ? sonner.error
      : input.variant === 'success'
        ? sonner.success
        : sonner;
  show(input.title, {
    id,
    description: input.description,
    action: input.action,
    duration: input.duration ?? (input.action ? 8000 : 4000),
  });
  return id;
}

export function useToast() {
  return useMemo(() => ({ toast: showToast, dismiss: (id: string) => sonner.dismiss(id) }), []);
}

export function Toaster() {
  return (
    <SonnerToaster
      position="bottom-right"
      closeButton
      visibleToasts={3}
      containerAriaLabel="Notifications"
      toastOptions={{
        classNames: {
          toast:
            'flex w-full items-start gap-3 rounded-lg border border-border bg-background p-4 text-foreground shadow-lg',
          title: 'text-sm font-semibold',
          description: 'text-sm opacity-90',
          success: 'border-primary/40 bg-primary-soft text-primary-soft-foreground',
          error: 'border-destructive/40 bg-destructive-soft text-destructive',
          actionButton:
            'ml-auto inline-flex h-9 items-center rounded-md bg-primary px-3 text-sm font-medium text-primary-foreground',
          closeButton: 'text-foreground',
        },
      }}
    />
  );
}
