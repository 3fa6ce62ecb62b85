import type { ReactNode } from 'react';
import { Skeleton } from '../../../components/ui/skeleton';

/** A city or state page while it loads in the browser: its heading lines, then `list`. */
export function CityPageSkeleton({ list }: { list: ReactNode }) {
  return (
    <div className="mx-auto max-w-6xl px-4 pb-16 pt-8 sm:px-6" aria-busy="true">
      <Skeleton className="h-9 w-3/4 max-w-2xl" />
      <Skeleton className="mt-4 h-4 w-full max-w-3xl" />
      <Skeleton className="mt-2 h-4 w-2/3 max-w-2xl" />
      <div className="mt-10">{list}</div>
    </div>
  );
}
