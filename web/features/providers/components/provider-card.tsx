import { Check, ExternalLink } from 'lucide-react';
import { serverDrawnIcon } from '../../../components/ui/decorative-icon';
import type { ProviderCardView } from '../../../../api/providers/contracts';
import { noPriceText } from '../../../../domain/providers/provider-card';
import { commissionWords } from '../../../../domain/providers/fact-words';
import {
  OUTBOUND_LINK_REL,
  OUTBOUND_LINK_TARGET,
} from '../../../../domain/providers/affiliate-link';
import { providerPath } from '../../../../domain/providers/slug';
import { SiteLink } from '../../../components/layout/site-link';
import type { ReactNode } from 'react';
import { getStartedHref, useVisitorQuery } from '../get-started';
import { formatCount, formatDate, formatScore, formatUsd } from '../../../lib/format';
import { cn } from '../../../lib/utils';
import { Badge } from '../../../components/ui/badge';
import { buttonVariants } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { CouponChip } from '../../../components/coupon-chip';
import { ProviderLogo } from './provider-logo';

/** Drawn once each on the server, not on every card (see decorativeIcon). */
const CheckIcon = serverDrawnIcon(Check);
const ExternalLinkIcon = serverDrawnIcon(ExternalLink);

/** Desktop shows the first 3 features, mobile shows all (spec section 9). */
const DESKTOP_FEATURES = 3;
/** Cards from this rank on are usually below the fold on a phone: their logos load lazily. */
const LAZY_FROM_RANK = 3;
/** The card's box and its three columns from md up, shared by the card and its placeholder. */
const CARD_FRAME =
  'rounded-lg border border-border bg-card p-4 shadow-card sm:p-5 md:grid md:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)_13.5rem] md:gap-6';

/** One public card; 'Prices checked' is shown only when an administrator entered or verified them. */
export type ProviderCardData = ProviderCardView;

export function ProviderCard({
  provider,
  compare,
  showRank = true,
}: {
  provider: ProviderCardData;
  /** The 'Compare' checkbox, when the list offers comparing (the home page). */
  compare?: ReactNode;
  /** False when the list is sorted by something else than the ranking (the rank would mislead). */
  showRank?: boolean;
}) {
  const visitorQuery = useVisitorQuery();
  const href = getStartedHref(provider, visitorQuery);
  const checked = formatDate(provider.pricesCheckedAt);
  const titleId = `provider-${provider._id}-name`;
  const score = provider.vialScore;

  const openProvider = () => {
    window.open(href, OUTBOUND_LINK_TARGET, 'noopener');
  };

  return (
    // The id is the search results' link target (/#provider-{id}); scroll-mt clears the sticky bar.
    <article
      id={`provider-${provider._id}`}
      aria-labelledby={titleId}
      className={`${CARD_FRAME} scroll-mt-20`}
    >
      {/* Identity and score */}
      <div>
        <div className="flex items-start gap-3">
          {showRank ? (
            <span className="mt-0.5 flex size-7 shrink-0 items-center justify-center rounded-full bg-primary-soft text-sm font-bold tabular-nums text-primary-soft-foreground">
              <span className="sr-only">Rank </span>
              {provider.rank}
            </span>
          ) : null}
          <ProviderLogo
            name={provider.name}
            src={provider.logoUrl}
            background={provider.logoBackground}
            size={44}
            lazy={provider.rank >= LAZY_FROM_RANK}
          />
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <h3 id={titleId} className="text-base font-semibold leading-tight sm:text-lg">
                <SiteLink
                  to={providerPath(provider.name)}
                  className="underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                >
                  {provider.name}
                </SiteLink>
              </h3>
              {provider.badgeText ? <Badge variant="secondary">{provider.badgeText}</Badge> : null}
            </div>
          </div>
          <div className="shrink-0 text-right">
            {provider.rankedBy === 'editorsRating' ? (
              <p className="mb-1 leading-none">
                <span className="block text-[11px] font-medium text-muted-foreground">
                  Editor&rsquo;s rating
                </span>
                <span className="text-2xl font-bold tabular-nums text-foreground">
                  {formatScore(provider.rankingScore)}
                </span>
                <span className="text-xs tabular-nums text-muted-foreground">
                  <span aria-hidden="true">/</span>
                  <span className="sr-only"> out of </span>5.0
                </span>
              </p>
            ) : null}
            <p className="leading-none">
              {provider.rankedBy === 'editorsRating' ? (
                <span className="block text-[11px] font-medium text-muted-foreground">
                  Vial Score
                </span>
              ) : (
                <span className="sr-only">Vial Score </span>
              )}
              <span
                className={cn(
                  'font-bold tabular-nums text-foreground',
                  provider.rankedBy === 'editorsRating' ? 'text-base' : 'text-2xl',
                )}
              >
                {formatScore(score.outOf5)}
              </span>
              <span className="text-xs tabular-nums text-muted-foreground">
                <span aria-hidden="true">/</span>
                <span className="sr-only"> out of </span>5.0
              </span>
            </p>
            <p className="mt-1 text-xs font-semibold text-primary">{provider.ratingLabel}</p>
          </div>
        </div>
        {provider.medicationLabel || provider.reviewCounts.length > 0 ? (
          <p className="mt-2 text-xs leading-5 text-muted-foreground sm:text-sm">
            {provider.medicationLabel ? (
              <>
                Medication:{' '}
                <span className="font-medium text-foreground">{provider.medicationLabel}</span>
              </>
            ) : null}
            {provider.reviewCounts.map((review, i) => (
              <span key={review.source}>
                {provider.medicationLabel || i > 0 ? ' · ' : ''}
                <span className="tabular-nums">{formatCount(review.count)}</span> {review.source}{' '}
                reviews
              </span>
            ))}
          </p>
        ) : null}
      </div>

      {/* Features: all on mobile, the first three from md up; none when none was saved */}
      {provider.features.length > 0 ? (
        <ul
          className="mt-3 space-y-1 md:mt-0 md:space-y-1.5"
          aria-label={`${provider.name} features`}
        >
          {provider.features.map((feature, i) => (
            <li
              key={feature}
              className={cn(
                'flex gap-2 text-sm text-foreground',
                i >= DESKTOP_FEATURES && 'md:hidden',
              )}
            >
              <CheckIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
              <span>{feature}</span>
            </li>
          ))}
        </ul>
      ) : (
        <div aria-hidden="true" className="hidden md:block" />
      )}

      {/* Price, offer, action: price and code share a row on phones */}
      <div className="mt-3 flex flex-col gap-2 md:mt-0">
        <div className="flex items-center justify-between gap-3 md:flex-col md:items-stretch">
          {provider.startingPrice ? (
            <p className="flex flex-wrap items-baseline gap-x-1">
              <span className="text-sm text-muted-foreground">from</span>
              <span className="text-xl font-bold tabular-nums">
                {formatUsd(provider.startingPrice.monthly)}
              </span>
              <span className="text-sm text-muted-foreground">
                /mo at {provider.startingPrice.dose}
                {provider.medications.length > 1 ? ` ${provider.startingPrice.medication}` : ''}
              </span>
            </p>
          ) : (
            <p className="text-sm font-medium text-foreground">{noPriceText(provider.name)}</p>
          )}
          {provider.discountCode ? (
            <CouponChip
              code={provider.discountCode}
              onCopied={openProvider}
              className="max-w-[55%] shrink-0 md:max-w-none"
            />
          ) : null}
        </div>
        {provider.allInMonthly ? (
          // Medication at the top dose, membership and shipping, when all are known.
          <p className="text-sm text-muted-foreground">
            from{' '}
            <span className="font-semibold tabular-nums text-foreground">
              {formatUsd(provider.allInMonthly.monthly)}
            </span>
            /mo all-in at {provider.allInMonthly.dose}
          </p>
        ) : null}
        {provider.discountCode && provider.discountBanner ? (
          <p className="text-xs font-medium text-offer-foreground">{provider.discountBanner}</p>
        ) : null}
        <a
          href={href}
          target={OUTBOUND_LINK_TARGET}
          rel={OUTBOUND_LINK_REL}
          className={buttonVariants({ className: 'w-full' })}
        >
          <span className="md:hidden">{provider.ctaText.mobile}</span>
          <span className="hidden md:inline">{provider.ctaText.desktop}</span>
          <ExternalLinkIcon aria-hidden="true" />
          <span className="sr-only">(opens {provider.name} in a new tab)</span>
        </a>
        {checked ? <p className="text-xs text-muted-foreground">Prices checked {checked}</p> : null}
        <p className="text-xs text-muted-foreground">{commissionWords(provider.commission)}</p>
        {compare}
      </div>
    </article>
  );
}

/** The loading placeholder of one provider card (home and city lists show five). */
export function ProviderCardSkeleton() {
  return (
    <div className={CARD_FRAME}>
      <div className="flex items-start gap-3">
        <Skeleton className="size-7 rounded-full" />
        <Skeleton className="size-11" />
        <div className="flex-1 space-y-2">
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-4 w-1/2" />
        </div>
        <Skeleton className="h-8 w-12" />
      </div>
      <div className="mt-3 space-y-2 md:mt-0">
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-5/6" />
        <Skeleton className="h-4 w-4/6" />
      </div>
      <div className="mt-4 space-y-2 md:mt-0">
        <Skeleton className="h-6 w-28" />
        <Skeleton className="h-11 w-full" />
      </div>
    </div>
  );
}
