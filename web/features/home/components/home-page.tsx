import {
  ArrowRight,
  BadgeCheck,
  Bot,
  Calculator,
  DollarSign,
  Scale,
  ShieldCheck,
  Tag,
  TrendingUp,
} from 'lucide-react';
import type { ReactNode } from 'react';
import type { SiteContentView } from '../../../../api/site-content/contracts';
import { contentText, readContentCards } from '../../../../domain/site-content/keys';
import { BENEFIT_DEFAULTS, HERO_DEFAULTS } from '../../../../domain/site-content/defaults';
import { cn } from '../../../lib/utils';
import { buttonVariants } from '../../../components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { IconTile, type IconCardProps } from '../../../components/icon-tile';
import { SiteLink } from '../../../components/layout/site-link';
import { AFFILIATE_DISCLOSURE } from '../../../components/layout/site-footer';

export { HERO_DEFAULTS, BENEFIT_DEFAULTS } from '../../../../domain/site-content/defaults';

const BENEFIT_ICONS = [ShieldCheck, DollarSign, Tag];

/**
 * The home page. Its parts from other capabilities come in as slots: `providers` (the ranked
 * list, in the providers section), `providersFilter` (the state filter above it) and
 * `newsletter` (the signup form); `content` is the editable site content (hero texts),
 * defaults used for keys it has no value for.
 */
export function HomePage({
  content,
  providers,
  providersFilter,
  newsletter,
}: {
  content: SiteContentView;
  providers: ReactNode;
  providersFilter?: ReactNode;
  newsletter: ReactNode;
}) {
  const title = contentText(content.hero_title, HERO_DEFAULTS.hero_title);
  const subtitle = contentText(content.hero_subtitle, HERO_DEFAULTS.hero_subtitle);
  const benefits = readContentCards('benefits', content.benefits) ?? BENEFIT_DEFAULTS;

  return (
    <>
      <section className="border-b border-border bg-gradient-to-b from-primary-soft to-background">
        <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-20">
          <h1 className="max-w-3xl text-3xl font-bold tracking-tight text-foreground sm:text-5xl">
            {title}
          </h1>
          <p className="mt-4 max-w-2xl text-base leading-7 text-muted-foreground sm:text-lg">
            {subtitle}
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <a href="#providers" className={buttonVariants({ size: 'lg' })}>
              Compare Providers
              <ArrowRight aria-hidden="true" />
            </a>
            <a href="#tools" className={buttonVariants({ size: 'lg', variant: 'outline' })}>
              Free Calculators
            </a>
          </div>
          <ul className="mt-8 flex flex-wrap gap-x-6 gap-y-2 text-sm text-muted-foreground">
            {['Free and unbiased', 'Prices dated when checked', 'Filter by your state'].map(
              (item) => (
                <li key={item} className="flex items-center gap-1.5">
                  <BadgeCheck className="size-4 text-primary" aria-hidden="true" />
                  {item}
                </li>
              ),
            )}
          </ul>
        </div>
      </section>

      <section
        id="providers"
        aria-labelledby="providers-heading"
        className="mx-auto max-w-6xl px-4 py-12 sm:px-6"
      >
        <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <h2 id="providers-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
              Top GLP-1 Providers
            </h2>
            <p className="mt-2 text-muted-foreground">
              Ranked by the{' '}
              <SiteLink
                to="/vial-score"
                className="font-medium text-primary underline-offset-4 hover:underline"
              >
                Vial Score
              </SiteLink>
              , our rating out of 5.0 from pricing, state coverage, reviews and medications, or by
              an Editor&rsquo;s rating where our editors gave one (the card says which); whether we
              earn a commission never changes the order.
            </p>
          </div>
          {providersFilter}
        </div>
        {providers}
        <p className="mt-6 rounded-md bg-surface p-4 text-sm leading-6 text-muted-foreground">
          {AFFILIATE_DISCLOSURE} We are not a healthcare provider: this is not medical advice. Talk
          to a licensed clinician before starting any medication.
        </p>
      </section>

      <section aria-labelledby="benefits-heading" className="bg-surface py-12">
        <div className="mx-auto max-w-6xl px-4 sm:px-6">
          <h2 id="benefits-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
            Why compare with us
          </h2>
          <div className="mt-6 grid gap-4 md:grid-cols-3">
            {benefits.map((benefit, i) => {
              const Icon = BENEFIT_ICONS[i % BENEFIT_ICONS.length] ?? ShieldCheck;
              return (
                <Benefit key={`${i}-${benefit.title}`} icon={<Icon />} title={benefit.title}>
                  {benefit.text}
                </Benefit>
              );
            })}
          </div>
        </div>
      </section>

      <section
        id="tools"
        aria-labelledby="tools-heading"
        className="mx-auto max-w-6xl px-4 py-12 sm:px-6"
      >
        <h2 id="tools-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
          Free tools
        </h2>
        <p className="mt-2 text-muted-foreground">
          Plan your doses and costs before you choose a provider.
        </p>
        <div className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <ToolCard to="/calculator" icon={<Calculator />} title="Dosage Calculator">
            Turn a dose in mg into ml and syringe units for your vial.
          </ToolCard>
          <ToolCard to="/calculator" icon={<Scale />} title="BMI & Cost per mg">
            Check your BMI and compare what each milligram really costs.
          </ToolCard>
          <ToolCard to="/glp1-ai" icon={<Bot />} title="GLP-1 AI">
            Ask questions about GLP-1 medications in plain language.
          </ToolCard>
          <ToolCard to="/trending-keywords" icon={<TrendingUp />} title="Trending Keywords">
            See what people search for about GLP-1 treatment right now.
          </ToolCard>
        </div>
      </section>

      <section
        id="newsletter"
        aria-labelledby="newsletter-heading"
        className="scroll-mt-20 border-t border-border bg-surface py-12"
      >
        <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 sm:px-6 md:flex-row md:items-start md:justify-between">
          <div className="max-w-md">
            <h2 id="newsletter-heading" className="text-2xl font-bold tracking-tight">
              Weekly GLP-1 updates
            </h2>
            <p className="mt-2 text-muted-foreground">
              New providers, price changes and discount codes, once a week. Unsubscribe any time.
            </p>
          </div>
          {newsletter}
        </div>
      </section>
    </>
  );
}

function Benefit({ icon, title, children }: IconCardProps) {
  return (
    <Card>
      <CardHeader>
        <IconTile className="[&_svg]:size-5">{icon}</IconTile>
        <CardTitle className="mt-2">{title}</CardTitle>
        <CardDescription className="leading-6">{children}</CardDescription>
      </CardHeader>
    </Card>
  );
}

/** A tool card: `to` for pages of this app, `href` for tools served elsewhere on the site. */
function ToolCard({
  to,
  href,
  icon,
  title,
  children,
}: {
  to?: string;
  href?: string;
  icon: ReactNode;
  title: string;
  children: ReactNode;
}) {
  const className = cn(
    'group block h-full rounded-lg border border-border bg-card p-5 shadow-card transition-colors hover:border-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
  );
  const body = (
    <>
      <IconTile className="[&_svg]:size-5">{icon}</IconTile>
      <span className="mt-4 flex items-center gap-1 text-base font-semibold text-foreground group-hover:text-primary">
        {title}
        <ArrowRight className="size-4" aria-hidden="true" />
      </span>
      <span className="mt-1 block text-sm leading-6 text-muted-foreground">{children}</span>
    </>
  );
  return to ? (
    <SiteLink to={to} className={className}>
      {body}
    </SiteLink>
  ) : (
    <a href={href} className={className}>
      {body}
    </a>
  );
}
