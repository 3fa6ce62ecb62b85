import type * as React from 'react';
import { useEffect, useRef } from 'react';
import { cn } from '../../lib/utils';

/**
 * While the box scrolls sideways (a wide table on a phone) it joins the Tab order as a named
 * region, so a keyboard user can scroll it with the arrow keys (WCAG 2.1.1; axe's
 * scrollable-region-focusable). A table that fits keeps no extra Tab stop.
 */
function useKeyboardScrollable(box: React.RefObject<HTMLDivElement | null>) {
  useEffect(() => {
    const element = box.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const update = () => {
      if (element.scrollWidth > element.clientWidth + 1) {
        const table = element.querySelector('table');
        const name =
          table?.getAttribute('aria-label') ?? table?.querySelector('caption')?.textContent ?? '';
        element.tabIndex = 0;
        element.setAttribute('role', 'region');
        element.setAttribute('aria-label', name.trim() || 'Table');
      } else {
        element.removeAttribute('tabindex');
        element.removeAttribute('role');
        element.removeAttribute('aria-label');
      }
    };
    update();
    const observer = new ResizeObserver(update);
    observer.observe(element);
    const table = element.querySelector('table');
    if (table) observer.observe(table);
    return () => observer.disconnect();
  }, [box]);
}

/** A table that scrolls sideways inside its own box instead of widening the page. */
export function Table({ className, ...props }: React.ComponentProps<'table'>) {
  const box = useRef<HTMLDivElement>(null);
  useKeyboardScrollable(box);
  return (
    <div
      ref={box}
      data-slot="table-container"
      className="relative w-full overflow-x-auto focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      <table
        data-slot="table"
        className={cn('w-full caption-bottom text-sm', className)}
        {...props}
      />
    </div>
  );
}

export function TableHeader({ className, ...props }: React.ComponentProps<'thead'>) {
  return (
    <thead
      data-slot="table-header"
      className={cn('[&_tr]:border-b [&_tr]:border-border', className)}
      {...props}
    />
  );
}

export function TableBody({ className, ...props }: React.ComponentProps<'tbody'>) {
  return (
    <tbody
      data-slot="table-body"
      className={cn('[&_tr:last-child]:border-0', className)}
      {...props}
    />
  );
}

export function TableRow({ className, ...props }: React.ComponentProps<'tr'>) {
  return (
    <tr
      data-slot="table-row"
      className={cn(
        'border-b border-border transition-colors hover:bg-surface data-[state=selected]:bg-muted',
        className,
      )}
      {...props}
    />
  );
}

export function TableHead({ className, ...props }: React.ComponentProps<'th'>) {
  return (
    <th
      data-slot="table-head"
      className={cn(
        'h-10 whitespace-nowrap px-3 text-left align-middle font-semibold text-muted-foreground',
        className,
      )}
      {...props}
    />
  );
}

export function TableCell({ className, ...props }: React.ComponentProps<'td'>) {
  return (
    <td data-slot="table-cell" className={cn('px-3 py-2.5 align-middle', className)} {...props} />
  );
}

export function TableCaption({ className, ...props }: React.ComponentProps<'caption'>) {
  return (
    <caption
      data-slot="table-caption"
      className={cn('mt-3 text-sm text-muted-foreground', className)}
      {...props}
    />
  );
}
