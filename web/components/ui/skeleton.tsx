import type * as React from 'react';
import { cn } from '../../lib/utils';

/** A loading placeholder. It pulses only when the visitor allows motion. */
export function Skeleton({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div
      data-slot="skeleton"
      aria-hidden="true"
      className={cn('rounded-md bg-muted motion-safe:animate-pulse', className)}
      {...props}
    />
  );
}
