import { SITE_NAME } from '../../lib/site';
import { cn } from '../../lib/utils';

/**
 * The wordmark: a small vial glyph and the site name. `nameClassName`: added to the name's
 * classes (the back office hides it from sight on the narrowest phones: `max-[359px]:sr-only`).
 */
export function Brand({
  className,
  nameClassName,
}: {
  className?: string;
  nameClassName?: string;
}) {
  return (
    <span className={className ?? 'flex items-center gap-2'}>
      <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" className="shrink-0">
        <rect width="24" height="24" rx="6" className="fill-primary" />
        <path
          d="M9 5h6M10 5v3l-3 9a2 2 0 0 0 2 2.5h6A2 2 0 0 0 17 17l-3-9V5"
          fill="none"
          stroke="white"
          strokeWidth="1.6"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <path d="M8.6 14h6.8" stroke="white" strokeWidth="1.6" strokeLinecap="round" />
      </svg>
      <span className={cn('text-lg font-bold tracking-tight text-foreground', nameClassName)}>
        {SITE_NAME}
      </span>
    </span>
  );
}
