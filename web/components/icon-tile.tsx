import type { ReactNode } from 'react';
import { cn } from '../lib/utils';

/** A card with an icon, a title and a text (the home page's benefits, the calculator's notes). */
export interface IconCardProps {
  icon: ReactNode;
  title: string;
  children: ReactNode;
}

/** The square soft-teal tile an icon sits in. Decorative: the card's title names it. */
export function IconTile({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'flex size-10 items-center justify-center rounded-md bg-primary-soft text-primary',
        className,
      )}
    >
      {children}
    </span>
  );
}
