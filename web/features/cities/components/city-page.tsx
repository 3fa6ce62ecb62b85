import { Home, Pill, ShieldCheck, Syringe, Video } from 'lucide-react';
import type { ReactNode } from 'react';
import type { CityPageView } from '../../../../api/cities/contracts';
import { cityBreadcrumbs } from '../../../../domain/cities/paths';
import type { CityTreatment } from '../../../../domain/cities/treatment';
import type { OfferFormFamily } from '../../../../domain/providers/offer-vocabulary';
import { VISIT_TYPE_WORDS } from '../../../../domain/providers/fact-words';
import { SiteLink } from '../../../components/layout/site-link';
import { AFFILIATE_DISCLOSURE } from '../../../components/layout/site-footer';
import { Breadcrumbs } from './breadcrumbs';
import { StateRanking, type RenderProviders } from './state-ranking';

/** 'Semaglutide: 3 of 4 providers' (all of them: 'all 4'). */
const ofProviders = (n: number, total: number) =>
  n === total
    ? `${total === 1 ? 'the' : `all ${total}`} provider${total === 1 ? '' : 's'}`
    : `${n} of ${total} providers`;

const FAMILY_WORDS: Readonly<Record<OfferFormFamily, string>> = {
  compounded: 'Compounded offers entered',
  brand: 'Brand-name offers entered',
};

/**
 * The info block's lists, counted from the records of the providers the state's ranking lists
 * (cityTreatment): nothing here is said of a provider whose record does not say it.
 */
function treatmentLists(treatment: CityTreatment) {
  const total = treatment.providers;
  const offered = [
    ...treatment.medications.map((m) => ({
      icon: <Syringe />,
      label: `${m.medication}: ${ofProviders(m.providers, total)}`,
    })),
    ...treatment.forms.map((f) => ({
      icon: <Pill />,
      label: `${FAMILY_WORDS[f.family]}: ${ofProviders(f.providers, total)}`,
    })),
  ];
  const care = [
    ...treatment.visits.map((v) => ({
      icon: <Video />,
      label: `${VISIT_TYPE_WORDS[v.visitType]}: ${ofProviders(v.providers, total)}`,
    })),
    ...(treatment.legitScriptCertified > 0
      ? [
          {
            icon: <ShieldCheck />,
            label: `LegitScript certified: ${ofProviders(treatment.legitScriptCertified, total)}`,
          },
        ]
      : []),
  ];
  return { offered, care };
}

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
        {page.treatment ? (
          <TreatmentFacts treatment={page.treatment} state={page.state.name} />
        ) : null}
        <p className="mt-6 text-sm leading-6 text-muted-foreground">
          {AFFILIATE_DISCLOSURE} We are not a healthcare provider: this is not medical advice.
        </p>
      </section>
    </div>
  );
}

function TreatmentFacts({ treatment, state }: { treatment: CityTreatment; state: string }) {
  const { offered, care } = treatmentLists(treatment);
  const withoutCare = treatment.providers - treatment.trustEntered;
  return (
    <>
      <div className="mt-4 grid gap-6 md:grid-cols-2">
        <InfoList title="What they offer" items={offered} empty="No medication entered yet." />
        <InfoList title="How they see patients" items={care} empty="No visit type entered yet." />
      </div>
      <p className="mt-4 text-sm leading-6 text-muted-foreground">
        Counted from what our editors entered for the {treatment.providers}{' '}
        {treatment.providers === 1 ? 'provider' : 'providers'} listed for {state}
        {withoutCare > 0
          ? `; ${withoutCare} ${withoutCare === 1 ? 'has' : 'have'} no care facts entered yet, which counts as unknown, not as no`
          : ''}
        . Each provider&rsquo;s page has its prices, fees, exit terms and pharmacy.
      </p>
    </>
  );
}

function InfoList({
  title,
  items,
  empty,
}: {
  title: string;
  items: readonly { icon: ReactNode; label: string }[];
  /** Said instead of an empty list. */
  empty: string;
}) {
  return (
    <div>
      <h3 className="text-base font-semibold text-foreground">{title}</h3>
      {items.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">{empty}</p>
      ) : (
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
      )}
    </div>
  );
}
