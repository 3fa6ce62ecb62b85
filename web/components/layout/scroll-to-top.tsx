import { useEffect, useState } from 'react';
import { ArrowUp } from 'lucide-react';
import { cn } from '../../lib/utils';
import { buttonVariants } from '../ui/button';

/** Spec: the button appears once the page is scrolled more than 300 px. */
export const SCROLL_TO_TOP_THRESHOLD = 300;
/** Below this width the button sits over the text column itself (no side margin to sit in). */
const NARROW_VIEWPORT = '(max-width: 639px)';

function prefersReducedMotion(): boolean {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Shown past the threshold. On a phone there is no margin beside the text, so a fixed button
 * covers whatever is read at the bottom right (the calculator's medical note, a price): there
 * it steps aside while the visitor scrolls down, reading, and comes back as soon as they
 * scroll up, which is when going back to the top is wanted.
 */
export function shouldShowScrollToTop(
  scrollY: number,
  previousScrollY: number,
  narrow: boolean,
  shownBefore: boolean,
): boolean {
  if (scrollY <= SCROLL_TO_TOP_THRESHOLD) return false;
  if (!narrow) return true;
  if (scrollY > previousScrollY) return false;
  if (scrollY < previousScrollY) return true;
  return shownBefore;
}

export function ScrollToTop() {
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const narrow = window.matchMedia(NARROW_VIEWPORT);
    let previousY = window.scrollY;
    let shown = false;
    const onScroll = () => {
      const y = window.scrollY;
      shown = shouldShowScrollToTop(y, previousY, narrow.matches, shown);
      previousY = y;
      setVisible(shown);
    };
    // A page opened already scrolled (a reload, a back navigation) shows it where it may.
    shown = shouldShowScrollToTop(previousY, previousY, narrow.matches, true);
    setVisible(shown);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  if (!visible) return null;
  return (
    <button
      type="button"
      onClick={() =>
        window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? 'auto' : 'smooth' })
      }
      className={cn(
        buttonVariants({ size: 'icon' }),
        'fixed bottom-4 right-4 z-40 rounded-full shadow-lg motion-safe:animate-fade-in sm:bottom-6 sm:right-6',
      )}
    >
      <ArrowUp className="size-5" aria-hidden="true" />
      <span className="sr-only">Scroll to top</span>
    </button>
  );
}
