import { Home, Pill, ShieldCheck, Stethoscope, Syringe, Truck, Video } from 'lucide-react';
import type { ReactNode } from 'react';
import type { CityPageView } from '../../../../api/cities/contracts';
import { cityBreadcrumbs } from '../../../../domain/cities/paths';
import { SiteLink } from '../../../components/layout/site-link';
import { AFFILIATE_DISCLOSURE } from '../../../components/layout/site-footer';
import { Breadcrumbs } from './breadcrumbs';
import { StateRanking, type RenderProviders } from './state-ranking';

const MEDICATIONS = [
  { icon: <Syringe />, label: 'Semaglutide' },
  { icon: <Syringe />, label: 'Tirzepatide' },
  { icon: <Pill />, label: 'Compounded formulations' },
  { icon: <Pill />, label: 'Multiple strengths' },
] as const;

const SERVICE_FEATURES = [
  { icon: <Video />, label: 'Telemedicine' },
  { icon: <Truck />, label: 'Home delivery' },
  { icon: <ShieldCheck />, label: 'No insurance required' },
  { icon: <Stethoscope />, label: 'Licensed providers' },
] as const;

const linkClass =
  'font-medium text-primary underline underline-offset-4 hover:no-underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';

/** The serving line, each nearby area linked to its own page where the list has one. */
function ServingLine({ page }: { page: CityPageView }) {
  const { city, nearby } = page;
  if (nearby.length === 0) return <>{page.copy.servingLine}</>;
  return (
    <>
      Serving {city.city}, {city.state} and{' '}
      {nearby.map((area, index) => (
        <span key={area.name}>
          {index > 0 ? ', ' : null}
          {area.path ? (
            <SiteLink to={area.path} className={linkClass}>
              {area.name}
            </SiteLink>
          ) : (
            area.name
          )}
        </span>
      ))}
    </>
  );
}

/** /near/{citySlug}: the city landing page (spec section 2), server-rendered from one read. */
export function CityPage({
  page,
  renderProviders,
}: {
  page: CityPageView;
  renderProviders: RenderProviders;
}) {
  const { city, copy } = page;
  return (
    <div className="mx-auto max-w-6xl px-4 pb-16 pt-4 sm:px-6">
      <Breadcrumbs crumbs={cityBreadcrumbs(city)} />
      <header className="mt-4 max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight text-foreground sm:text-4xl">
          {copy.title}
        </h1>
        <p className="mt-4 text-base leading-7 text-muted-foreground">{copy.intro}</p>
        <p className="mt-3 flex items-start gap-2 text-sm leading-6 text-foreground">
          <Home className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
          <span data-testid="serving-line">
            <ServingLine page={page} />
          </span>
        </p>
      </header>

      <section aria-labelledby="city-providers-heading" className="mt-10">
        <h2 id="city-providers-heading" className="text-2xl font-bold tracking-tight">
          Providers serving {page.state.name}
        </h2>
        <p className="mt-1 mb-4 text-sm text-muted-foreground">
          Ranked by the{' '}
          <SiteLink to="/vial-score" className={linkClass}>
            Vial Score
          </SiteLink>
          . See{' '}
          <SiteLink to={page.state.path} className={linkClass}>
            all GLP-1 providers in {page.state.name}
          </SiteLink>
          .
        </p>
        <StateRanking
          ranking={page}
          place={`${city.city}, ${city.state}`}
          renderProviders={renderProviders}
        />
      </section>

      <section
        aria-labelledby="city-info-heading"
        className="mt-12 rounded-lg bg-surface p-5 sm:p-6"
      >
        <h2 id="city-info-heading" className="text-xl font-bold tracking-tight">
          GLP-1 treatment online in {city.city}
        </h2>
        <div className="mt-4 grid gap-6 md:grid-cols-2">
          <InfoList title="Available medications" items={MEDICATIONS} />
          <InfoList title="Service features" items={SERVICE_FEATURES} />
        </div>
        <p className="mt-6 text-sm leading-6 text-muted-foreground">
          {AFFILIATE_DISCLOSURE} We are not a healthcare provider: this is not medical advice.
        </p>
      </section>
    </div>
  );
}

function InfoList({
  title,
  items,
}: {
  title: string;
  items: readonly { icon: ReactNode; label: string }[];
}) {
  return (
    <div>
      <h3 className="text-base font-semibold text-foreground">{title}</h3>
      <ul className="mt-2 space-y-2">
        {items.map((item) => (
          <li
            key={item.label}
            className="flex items-center gap-2 text-sm text-foreground [&_svg]:size-4 [&_svg]:text-primary"
          >
            <span aria-hidden="true">{item.icon}</span>
            {item.label}
          </li>
        ))}
      </ul>
    </div>
  );
}
