import { useEffect, useRef, useState } from 'react';
import { cn } from '../../../lib/utils';

const HEX_COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/**
 * A provider logo at a fixed size (no layout shift). A missing or broken image falls back to a
 * placeholder with the provider's initials (spec section 8).
 */
export function ProviderLogo({
  name,
  src,
  background,
  size = 56,
  lazy,
  className,
}: {
  name: string;
  src: string;
  background?: string;
  size?: number;
  /** Lazy-load logos below the fold. */
  lazy: boolean;
  className?: string;
}) {
  const [failed, setFailed] = useState(!src);
  const img = useRef<HTMLImageElement>(null);

  // An image that failed before hydration fired its error event before React listened.
  useEffect(() => {
    const el = img.current;
    if (el && el.complete && el.naturalWidth === 0) setFailed(true);
  }, []);

  const boxStyle = {
    width: size,
    height: size,
    backgroundColor: background && HEX_COLOUR.test(background) ? background : undefined,
  };
  const boxClass = cn(
    'flex shrink-0 items-center justify-center overflow-hidden rounded-md border border-border bg-background',
    className,
  );

  if (failed) {
    const initials = name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((word) => word[0]?.toUpperCase())
      .join('');
    return (
      <span
        className={cn(boxClass, 'bg-muted text-sm font-bold text-muted-foreground')}
        style={{ ...boxStyle, backgroundColor: undefined }}
        aria-hidden="true"
      >
        {initials || '?'}
      </span>
    );
  }
  return (
    <span className={boxClass} style={boxStyle}>
      <img
        ref={img}
        src={src}
        alt={`${name} logo`}
        width={size}
        height={size}
        loading={lazy ? 'lazy' : 'eager'}
        decoding="async"
        className="size-full object-contain p-1"
        onError={() => setFailed(true)}
      />
    </span>
  );
}
