/**
 * /providers/{slug}: everything entered about one listed provider, server-rendered: prices per
 * dose, the all-in costs, the Vial Score and its parts, entered ratings, features, the discount
 * code, states served (list and map), and the price and score history; what it costs all in,
 * the exit terms, care and trust (each dated), the commission label and the change log's link.
 */
import { ChevronRight, Check, ExternalLink } from 'lucide-react';
import type { ProviderPageView } from '../../../../api/providers/contracts';
import {
  OUTBOUND_LINK_REL,
  OUTBOUND_LINK_TARGET,
} from '../../../../domain/providers/affiliate-link';
import { noPriceText } from '../../../../domain/providers/provider-card';
import { PROVIDER_PAGES_PATH } from '../../../../domain/providers/slug';
import { changesPath } from '../changes-path';
import { VIAL_SCORE_METHOD_VERSION } from '../../../../domain/providers/vial-score';
import { stateName } from '../../../../domain/shared/reference/states';
import { CouponChip } from '../../../components/coupon-chip';
import { AFFILIATE_DISCLOSURE } from '../../../components/layout/site-footer';
import { SiteLink } from '../../../components/layout/site-link';
import { buttonVariants } from '../../../components/ui/button';
import { UsTileMap } from '../../../components/us-tile-map';
import { formatDate, formatScore, formatUsd } from '../../../lib/format';
import { getStartedHref, useVisitorQuery } from '../get-started';
import { HistoryCharts } from './provider-history';
import { ProviderLogo } from './provider-logo';
import { AllInCostSection, ExitTermsSection, TrustSection } from './provider-costs';
import { PriceTable, RatingLines, ScoreBreakdown } from './provider-sections';

const linkClass =
  'font-medium text-primary underline underline-offset-4 hover:no-underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';

function Section({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="mt-10">
      <h2 id={id} className="text-xl font-semibold tracking-tight">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

export function ProviderPage({ page }: { page: ProviderPageView }) {
  const visitorQuery = useVisitorQuery();
  const href = getStartedHref(page, visitorQuery);
  const checked = formatDate(page.pricesCheckedAt);
  const score = page.vialScore;
  return (
    <article className="mx-auto max-w-5xl px-4 pb-16 pt-4 sm:px-6">
      <nav aria-label="Breadcrumb" className="text-sm text-muted-foreground">
        <ol className="flex flex-wrap items-center gap-1">
          <li className="flex items-center gap-1">
            <SiteLink to="/" className="inline-flex min-h-11 items-center hover:underline">
              Home
            </SiteLink>
            <ChevronRight className="size-4" aria-hidden="true" />
          </li>
          <li className="flex items-center gap-1">
            <SiteLink
              to={PROVIDER_PAGES_PATH}
              className="inline-flex min-h-11 items-center hover:underline"
            >
              Providers
            </SiteLink>
            <ChevronRight className="size-4" aria-hidden="true" />
          </li>
          <li>
            <span aria-current="page" className="font-medium text-foreground">
              {page.name}
            </span>
          </li>
        </ol>
      </nav>

      <header className="mt-2 grid grid-cols-1 gap-6 md:grid-cols-[minmax(0,1fr)_18rem]">
        <div>
          <div className="flex items-center gap-4">
            <ProviderLogo
              name={page.name}
              src={page.logoUrl}
              background={page.logoBackground}
              size={56}
              lazy={false}
            />
            <h1 className="text-3xl font-bold tracking-tight">{page.name}</h1>
          </div>
          {page.description ? (
            <p className="mt-4 max-w-2xl leading-7 text-muted-foreground">{page.description}</p>
          ) : null}
          <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            {page.medicationLabel ? (
              <>
                <dt className="text-muted-foreground">Medications</dt>
                <dd className="font-medium">{page.medicationLabel}</dd>
              </>
            ) : null}
            <dt className="text-muted-foreground">Starting price</dt>
            <dd className="font-medium">
              {page.startingPrice ? (
                <>
                  from <span className="tabular-nums">{formatUsd(page.startingPrice.monthly)}</span>
                  /mo at {page.startingPrice.dose} {page.startingPrice.medication}
                </>
              ) : (
                noPriceText(page.name)
              )}
            </dd>
            <dt className="text-muted-foreground">States served</dt>
            <dd className="font-medium tabular-nums">{page.states.length} of 50</dd>
          </dl>
        </div>

        <aside
          aria-label="Score and offer"
          className="rounded-lg border border-border bg-card p-4 shadow-card"
        >
          {page.rankedBy === 'editorsRating' && page.editorsRating !== null ? (
            <p className="text-sm">
              <span className="text-muted-foreground">Editor&rsquo;s rating </span>
              <span className="text-xl font-bold tabular-nums">
                {formatScore(page.editorsRating)}
              </span>
              <span className="text-muted-foreground"> / 5.0</span>
            </p>
          ) : null}
          <p className="text-sm">
            <span className="text-muted-foreground">Vial Score </span>
            <span className="text-3xl font-bold tabular-nums">{formatScore(score.outOf5)}</span>
            <span className="text-muted-foreground"> / 5.0</span>
          </p>
          <p className="text-sm font-semibold text-primary">{page.ratingLabel}</p>
          {page.discountCode ? (
            <div className="mt-3 space-y-1">
              <CouponChip code={page.discountCode} />
              {page.discountBanner ? (
                <p className="text-xs font-medium text-offer-foreground">{page.discountBanner}</p>
              ) : null}
            </div>
          ) : null}
          <a
            href={href}
            target={OUTBOUND_LINK_TARGET}
            rel={OUTBOUND_LINK_REL}
            className={buttonVariants({ className: 'mt-4 w-full' })}
          >
            {page.ctaText.desktop}
            <ExternalLink aria-hidden="true" />
            <span className="sr-only">(opens {page.name} in a new tab)</span>
          </a>
          <p className="mt-3 text-sm font-medium">{page.costs.commissionLabel}</p>
          <p className="mt-1 text-xs leading-5 text-muted-foreground">{AFFILIATE_DISCLOSURE}</p>
          <p className="mt-2 text-xs text-muted-foreground">
            {checked ? `Prices checked ${checked}` : 'Prices not yet checked by our editors'}
          </p>
        </aside>
      </header>

      <Section id="prices" title="Prices per dose">
        {page.priceTables.length > 0 ? (
          <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
            {page.priceTables.map((table) => (
              <PriceTable
                key={table.medication}
                table={table}
                caption={`${table.name}, monthly price by weekly dose`}
              />
            ))}
          </div>
        ) : (
          <p>{noPriceText(page.name)}: no prices have been entered here.</p>
        )}
        {checked ? (
          <p className="mt-3 text-sm text-muted-foreground">Prices checked {checked}.</p>
        ) : null}
        <p className="mt-2 text-sm">
          <SiteLink to={changesPath(page.slug)} className={linkClass}>
            Price and fact changes
          </SiteLink>
        </p>
      </Section>

      <Section id="all-in" title="What it costs, all in">
        <AllInCostSection costs={page.costs} name={page.name} />
      </Section>

      <Section id="exit-terms" title="Can I leave?">
        <ExitTermsSection terms={page.costs.terms} />
      </Section>

      <Section id="care-and-trust" title="Care and trust">
        <TrustSection trust={page.costs.trust} />
      </Section>

      <Section id="vial-score" title="Vial Score">
        <p className="mb-4 max-w-3xl text-sm text-muted-foreground">
          {page.vialScoreMonth
            ? `Published for ${page.vialScoreMonth}`
            : 'Not yet published; computed from the current data'}
          {page.vialScoreMethodVersion
            ? `, method version ${page.vialScoreMethodVersion}`
            : page.vialScoreMonth
              ? ', method version not recorded'
              : `, method version ${VIAL_SCORE_METHOD_VERSION}`}
          .{' '}
          <SiteLink to="/vial-score" className={linkClass}>
            How the Vial Score works
          </SiteLink>
        </p>
        <ScoreBreakdown page={page} />
        {page.ratings.length > 0 ? (
          <div className="mt-6">
            <h3 className="text-base font-semibold">Review ratings</h3>
            <div className="mt-2">
              <RatingLines ratings={page.ratings} />
            </div>
          </div>
        ) : null}
      </Section>

      {page.features.length > 0 ? (
        <Section id="features" title="Features">
          <ul className="space-y-1.5">
            {page.features.map((feature) => (
              <li key={feature} className="flex gap-2 text-sm">
                <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                {feature}
              </li>
            ))}
          </ul>
        </Section>
      ) : null}

      <Section id="states" title={`States served (${page.states.length})`}>
        {page.states.length > 0 ? (
          <>
            <UsTileMap
              served={page.states}
              label={`Map of the 50 US states: ${page.name} serves the ${page.states.length} highlighted states, listed below.`}
            />
            <ul className="mt-4 columns-2 gap-6 text-sm sm:columns-3 md:columns-4">
              {page.states.map((code) => (
                <li key={code}>{stateName(code)}</li>
              ))}
            </ul>
          </>
        ) : (
          <p>No states have been entered for {page.name}.</p>
        )}
      </Section>

      <Section id="history" title="Price and score history">
        <HistoryCharts page={page} />
      </Section>
    </article>
  );
}
