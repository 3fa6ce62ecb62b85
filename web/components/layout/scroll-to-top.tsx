import { useEffect, useState } from 'react';
import { ArrowUp } from 'lucide-react';
import { cn } from '../../lib/utils';
import { buttonVariants } from '../ui/button';

/** Spec: the button appears once the page is scrolled more than 300 px. */
export const SCROLL_TO_TOP_THRESHOLD = 300;

function prefersReducedMotion(): boolean {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

export function ScrollToTop() {
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const onScroll = () => setVisible(window.scrollY > SCROLL_TO_TOP_THRESHOLD);
    onScroll();
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
