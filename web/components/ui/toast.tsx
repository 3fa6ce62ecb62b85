/**
 * Toasts: Radix Toast (announced to screen readers) fed by a small jotai store, so any
 * component can call `useToast().toast(...)`. Mount <Toaster /> once, inside the jotai
 * Provider (the root layout does both).
 */
import { Toast as ToastPrimitive } from 'radix-ui';
import { atom, useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useMemo } from 'react';
import { X } from 'lucide-react';
import { cn } from '../../lib/utils';

export type ToastVariant = 'default' | 'success' | 'error';

export interface ToastItem {
  id: number;
  title: string;
  description?: string;
  variant: ToastVariant;
}

const toastsAtom = atom<ToastItem[]>([]);
let nextToastId = 1;

export function useToast() {
  const setToasts = useSetAtom(toastsAtom);
  const dismiss = useCallback(
    (id: number) => setToasts((all) => all.filter((t) => t.id !== id)),
    [setToasts],
  );
  const toast = useCallback(
    (input: { title: string; description?: string; variant?: ToastVariant }) => {
      const item: ToastItem = { id: nextToastId++, variant: 'default', ...input };
      // Keep the last three: a burst of toasts must not cover the page.
      setToasts((all) => [...all.slice(-2), item]);
      return item.id;
    },
    [setToasts],
  );
  return useMemo(() => ({ toast, dismiss }), [toast, dismiss]);
}

const variantClasses: Record<ToastVariant, string> = {
  default: 'border-border bg-background text-foreground',
  success: 'border-primary/40 bg-primary-soft text-primary-soft-foreground',
  error: 'border-destructive/40 bg-destructive-soft text-destructive',
};

export function Toaster() {
  const toasts = useAtomValue(toastsAtom);
  const { dismiss } = useToast();
  return (
    <ToastPrimitive.Provider swipeDirection="right" duration={4000}>
      {toasts.map((t) => (
        <ToastPrimitive.Root
          key={t.id}
          type={t.variant === 'error' ? 'foreground' : 'background'}
          onOpenChange={(open) => {
            if (!open) dismiss(t.id);
          }}
          className={cn(
            'relative flex w-full items-start gap-3 rounded-lg border p-4 pr-12 shadow-lg motion-safe:animate-fade-in',
            variantClasses[t.variant],
          )}
        >
          <div className="grid gap-1">
            <ToastPrimitive.Title className="text-sm font-semibold">{t.title}</ToastPrimitive.Title>
            {t.description ? (
              <ToastPrimitive.Description className="text-sm opacity-90">
                {t.description}
              </ToastPrimitive.Description>
            ) : null}
          </div>
          <ToastPrimitive.Close
            aria-label="Dismiss"
            className="absolute right-1 top-1 inline-flex size-11 items-center justify-center rounded-md opacity-70 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-ring"
          >
            <X className="size-4" aria-hidden="true" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport className="fixed bottom-0 left-1/2 z-[100] flex w-full max-w-sm -translate-x-1/2 flex-col gap-2 p-4 outline-none sm:left-auto sm:right-0 sm:translate-x-0" />
    </ToastPrimitive.Provider>
  );
}
