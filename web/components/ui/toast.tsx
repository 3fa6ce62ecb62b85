/**
 * Toasts on sonner: `useToast().toast({ title, description, variant, action })` from any
 * component; mount <Toaster /> once (the root layout does). Sonner's region is announced to
 * screen readers (aria-live polite) and its toasts can be dismissed with the keyboard.
 * Sonner itself is loaded after the first render (./toast-sonner), not with the page: a toast
 * asked for before then is shown as soon as the region is up.
 * Identical messages collapse: a toast's id is its text, so showing the same title and
 * description again replaces the one on screen instead of stacking a copy.
 */
import { lazy, Suspense, useMemo } from 'react';
import { useHydrated } from '../../lib/use-hydrated';
import type { ToastInput } from './toast-types';

export type { ToastInput, ToastVariant } from './toast-types';

/** The id that makes identical messages one toast. */
export const toastKey = ({ title, description = '', variant = 'default' }: ToastInput): string =>
  `${variant}\u0000${title}\u0000${description}`;

const loadSonner = () => import('./toast-sonner');

/** Resolved when the toast region has mounted (a toast before then would be dropped). */
let regionReady: () => void = () => {};
const regionMounted = new Promise<void>((resolve) => {
  regionReady = resolve;
});

export function showToast(input: ToastInput): string {
  const id = toastKey(input);
  void Promise.all([loadSonner(), regionMounted]).then(([sonner]) =>
    sonner.showWithSonner(id, input),
  );
  return id;
}

function dismissToast(id: string): void {
  void loadSonner().then((sonner) => sonner.dismissWithSonner(id));
}

export function useToast() {
  return useMemo(() => ({ toast: showToast, dismiss: dismissToast }), []);
}

const LazyRegion = lazy(() =>
  loadSonner().then((sonner) => ({ default: sonner.SonnerToasterView })),
);

/** Mount once (the root layout does). Nothing on the server: the region comes after hydration. */
export function Toaster() {
  if (!useHydrated()) return null;
  return (
    <Suspense fallback={null}>
      <LazyRegion onMount={regionReady} />
    </Suspense>
  );
}
