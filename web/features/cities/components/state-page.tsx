import type { StatePageView } from '../../../../api/cities/contracts';
import { cityBreadcrumbs } from '../../../../domain/cities/paths';
import { SiteLink } from '../../../components/layout/site-link';
import { Breadcrumbs } from './breadcrumbs';
import { StateRanking, type RenderProviders } from './state-ranking';

/** /near/state/{state}: 'GLP-1 Weight Loss Providers in Ohio', its providers and its cities. */
export function StatePage({
  page,
  renderProviders,
}: {
  page: StatePageView;
  renderProviders: RenderProviders;
}) {
  return (
    <div className="mx-auto max-w-6xl px-4 pb-16 pt-4 sm:px-6">
      <Breadcrumbs crumbs={cityBreadcrumbs(page.state.code)} />
      <header className="mt-4 max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{page.copy.title}</h1>
        <p className="mt-4 text-base leading-7 text-muted-foreground">{page.copy.intro}</p>
      </header>

      <section aria-labelledby="state-providers-heading" className="mt-10">
        <h2 id="state-providers-heading" className="mb-4 text-2xl font-bold tracking-tight">
          Providers serving {page.state.name}
        </h2>
        <StateRanking ranking={page} place={page.state.name} renderProviders={renderProviders} />
      </section>

      <section aria-labelledby="state-cities-heading" className="mt-12">
        <h2 id="state-cities-heading" className="text-xl font-bold tracking-tight">
          Cities in {page.state.name}
        </h2>
        <CityLinks cities={page.cities} />
      </section>
    </div>
  );
}

export function CityLinks({ cities }: { cities: StatePageView['cities'] }) {
  return (
    <ul className="mt-3 grid grid-cols-1 gap-x-4 sm:grid-cols-2 lg:grid-cols-4">
      {cities.map((city) => (
        <li key={city.slug}>
          <SiteLink
            to={city.path}
            className="flex min-h-11 items-center text-primary underline-offset-4 hover:underline"
          >
            {city.name}, {city.state}
          </SiteLink>
        </li>
      ))}
    </ul>
  );
}
