import { useState } from 'react';
import { ExternalLink, Heart } from 'lucide-react';
import { DEFAULT_DONATION, DONATION_PRESETS } from '../../../../domain/support/donation';
import { SUPPORT } from '../../../../domain/site-content/pages';
import { buttonVariants } from '../../../components/ui/button';
import { cn } from '../../../lib/utils';
import { PageIntro, PageSections } from './content-page';

/**
 * /support: a one-time donation amount ($10 by default) and the button that opens the
 * external donation page (DONATION_URL) in a new tab with no payload; disabled, saying why,
 * when no page is configured.
 */
export function SupportPage({ donationUrl }: { donationUrl: string | null }) {
  const [amount, setAmount] = useState(DEFAULT_DONATION);
  return (
    <article className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
      <PageIntro page={SUPPORT} />
      <section
        aria-labelledby="donate-heading"
        className="mt-10 max-w-xl rounded-lg border border-border bg-card p-6 shadow-card"
      >
        <h2 id="donate-heading" className="flex items-center gap-2 text-xl font-semibold">
          <Heart className="size-5 text-primary" aria-hidden="true" />
          One-time donation
        </h2>
        <fieldset className="mt-4">
          <legend className="text-sm font-medium">Amount (USD)</legend>
          <div className="mt-2 flex flex-wrap gap-2">
            {DONATION_PRESETS.map((preset) => (
              <label
                key={preset}
                className={cn(
                  'inline-flex h-11 min-w-16 cursor-pointer items-center justify-center rounded-md border px-4 font-semibold tabular-nums has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
                  amount === preset
                    ? 'border-primary bg-primary-soft text-primary-soft-foreground'
                    : 'border-border hover:bg-muted',
                )}
              >
                <input
                  type="radio"
                  name="amount"
                  value={preset}
                  checked={amount === preset}
                  onChange={() => setAmount(preset)}
                  className="sr-only"
                />
                ${preset}
              </label>
            ))}
          </div>
        </fieldset>
        <p className="mt-4 text-sm text-muted-foreground">
          One-time only. The donation page opens in a new tab, where you confirm the amount; nothing
          is sent from this site.
        </p>
        {donationUrl ? (
          <a
            href={donationUrl}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonVariants({ className: 'mt-4' })}
          >
            Donate ${amount} once
            <ExternalLink className="size-4" aria-hidden="true" />
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        ) : (
          <div className="mt-4">
            <button
              type="button"
              disabled
              aria-describedby="donate-unavailable"
              className={buttonVariants()}
            >
              Donate ${amount} once
            </button>
            <p id="donate-unavailable" className="mt-2 text-sm text-muted-foreground">
              Donations are not open yet: no donation page has been set up for this site.
            </p>
          </div>
        )}
      </section>
      <PageSections page={SUPPORT} />
    </article>
  );
}
