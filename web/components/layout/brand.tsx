import { SITE_NAME } from '../../lib/site';

/** The wordmark: a small vial glyph and the site name. */
export function Brand({ className }: { className?: string }) {
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
      <span className="text-lg font-bold tracking-tight text-foreground">{SITE_NAME}</span>
    </span>
  );
}
