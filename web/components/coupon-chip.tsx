import { useEffect, useRef, useState } from 'react';
import { Check, Copy } from 'lucide-react';
import { serverDrawnIcon } from './ui/decorative-icon';
import { cn } from '../lib/utils';
import { useToast } from './ui/toast';
import { COPIED_LABEL, COPIED_MS, COUPON_MESSAGES } from '../lib/copy';

/** Drawn once each on the server, not on every card (see decorativeIcon). */
const CheckIcon = serverDrawnIcon(Check);
const CopyIcon = serverDrawnIcon(Copy);

/**
 * The amber discount-code chip. A click copies the code, shows 'Copied!' for 2 s and then calls
 * `onCopied` (a provider card opens the provider's site in a new tab).
 */
export function CouponChip({
  code,
  onCopied,
  className,
}: {
  code: string;
  onCopied?: () => void;
  className?: string;
}) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const { toast } = useToast();

  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(code);
    } catch {
      toast({ title: COUPON_MESSAGES.failed, variant: 'error' });
      return;
    }
    toast({ title: COUPON_MESSAGES.copied(code), variant: 'success' });
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      setCopied(false);
      onCopied?.();
    }, COPIED_MS);
  }

  return (
    <button
      type="button"
      onClick={copy}
      aria-label={copied ? `Coupon code ${code} copied` : `Copy coupon code ${code}`}
      className={cn(
        'inline-flex h-11 min-w-0 items-center justify-between gap-2 rounded-md border border-dashed border-offer-border bg-offer px-3 font-mono text-sm font-semibold uppercase tracking-wide text-offer-foreground transition-colors hover:bg-offer/60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        className,
      )}
    >
      <span className="truncate">{copied ? COPIED_LABEL : code}</span>
      {copied ? (
        <CheckIcon className="size-4 shrink-0" aria-hidden="true" />
      ) : (
        <CopyIcon className="size-4 shrink-0" aria-hidden="true" />
      )}
    </button>
  );
}
