/**
 * The part of the toasts that needs sonner (~14 kB gzip): loaded after the page is interactive
 * (web/components/ui/toast.tsx), so it is not in any page's first load.
 */
import { useEffect } from 'react';
import { Toaster as SonnerToaster, toast as sonner } from 'sonner';
import type { ToastInput } from './toast-types';

export function showWithSonner(id: string, input: ToastInput): void {
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
}

export function dismissWithSonner(id: string): void {
  sonner.dismiss(id);
}

/** Sonner's region, styled; mounted once by <Toaster />, which calls `onMount` when it is up. */
export function SonnerToasterView({ onMount }: { onMount: () => void }) {
  useEffect(onMount, [onMount]);
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
