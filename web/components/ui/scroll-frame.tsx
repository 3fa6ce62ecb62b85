import type * as React from 'react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { MoveHorizontal } from 'lucide-react';
import { cn } from '../../lib/utils';

/** The caption shown under a box whose content is wider than the screen. */
export const SCROLL_SIDEWAYS_HINT = 'Scroll sideways to see more';

interface Overflow {
  /** The content is wider than the box (null: not measured yet, as on the server). */
  overflows: boolean | null;
  atStart: boolean;
  atEnd: boolean;
}

/**
 * A box that scrolls sideways (a wide table on a phone) instead of widening the page, and says
 * so: a fade at each edge that still has content past it, and a caption naming the gesture,
 * shown only while the content overflows.
 *
 * While it scrolls it is a named region in the Tab order, so a keyboard user can scroll it with
 * the arrow keys (WCAG 2.1.1; axe's scrollable-region-focusable). The server cannot measure, so
 * the page arrives with the region focusable (a phone, where most such boxes overflow, is never
 * without it); a box that turns out to fit drops the extra Tab stop once measured.
 */
export function ScrollFrame({
  label,
  children,
  className,
  frameClassName,
}: {
  /** The region's accessible name; without it, 'Table' once mounted. */
  label?: string;
  children: React.ReactNode;
  /** Classes of the scrolling box (border, radius). */
  className?: string;
  /** Classes of the outer wrapper (margins). */
  frameClassName?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const hintId = useId();
  const [state, setState] = useState<Overflow>({ overflows: null, atStart: true, atEnd: false });
  const [foundLabel, setFoundLabel] = useState<string | undefined>(undefined);

  const measure = useCallback(() => {
    const element = box.current;
    if (!element) return;
    const overflows = element.scrollWidth > element.clientWidth + 1;
    const left = Math.abs(element.scrollLeft);
    const next = {
      overflows,
      atStart: left <= 1,
      atEnd: left + element.clientWidth >= element.scrollWidth - 1,
    };
    setState((now) =>
      now.overflows === next.overflows && now.atStart === next.atStart && now.atEnd === next.atEnd
        ? now
        : next,
    );
  }, []);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    // Unnamed (a Table is named from its aria-label or caption as it renders): a generic name,
    // so a box that overflows can still be scrolled from the keyboard.
    if (!label) setFoundLabel('Table');
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    const inner = element.firstElementChild;
    if (inner) observer.observe(inner);
    return () => observer.disconnect();
  }, [label, measure]);

  const name = label ?? foundLabel;
  const focusable = state.overflows !== false && name !== undefined;
  const overflowing = state.overflows === true;

  return (
    // min-w-0: in a grid or flex parent the frame may be narrower than its table (whose width
    // is otherwise its minimum there), so the box scrolls instead of the page.
    <div className={cn('min-w-0', frameClassName)}>
      <div className="relative">
        <div
          ref={box}
          data-slot="scroll-frame"
          onScroll={measure}
          {...(focusable
            ? {
                tabIndex: 0,
                role: 'region',
                'aria-label': name,
                ...(overflowing ? { 'aria-describedby': hintId } : {}),
              }
            : {})}
          className={cn(
            'relative w-full overflow-x-auto focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
            className,
          )}
        >
          {children}
        </div>
        {/* The fades sit over the box's edges, outside the scrolling content. */}
        <div
          aria-hidden="true"
          data-edge="start"
          className={cn(
            'pointer-events-none absolute inset-y-0 left-0 w-6 bg-linear-to-r from-foreground/15 to-transparent transition-opacity motion-reduce:transition-none',
            overflowing && !state.atStart ? 'opacity-100' : 'opacity-0',
          )}
        />
        <div
          aria-hidden="true"
          data-edge="end"
          className={cn(
            'pointer-events-none absolute inset-y-0 right-0 w-6 bg-linear-to-l from-foreground/15 to-transparent transition-opacity motion-reduce:transition-none',
            overflowing && !state.atEnd ? 'opacity-100' : 'opacity-0',
          )}
        />
      </div>
      {overflowing ? (
        <p
          id={hintId}
          className="mt-2 flex items-center gap-1.5 text-sm text-muted-foreground"
          data-slot="scroll-hint"
        >
          <MoveHorizontal aria-hidden="true" className="size-4" />
          {SCROLL_SIDEWAYS_HINT}
        </p>
      ) : null}
    </div>
  );
}
