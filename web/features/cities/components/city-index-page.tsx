import type { CityIndexGroupView } from '../../../../api/cities/contracts';
import { SiteLink } from '../../../components/layout/site-link';
import { CityLinks } from './state-page';
import { CITY_INDEX_TITLE } from '../meta';
export { CITY_INDEX_TITLE, CITY_INDEX_DESCRIPTION } from '../meta';

/** /near: every city with a page, grouped by state. */
export function CityIndexPage({ groups }: { groups: readonly CityIndexGroupView[] }) {
  return (
    <div className="mx-auto max-w-6xl px-4 pb-16 pt-8 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{CITY_INDEX_TITLE}</h1>
      <p className="mt-4 max-w-3xl text-base leading-7 text-muted-foreground">
        Choose your city or state to see the online providers that serve it, ranked by Vial Score.
      </p>
      <nav aria-label="States" className="mt-8">
        <ul className="flex flex-wrap gap-2">
          {groups.map((group) => (
            <li key={group.code}>
              <a
                href={`#state-${group.code.toLowerCase()}`}
                className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-md border border-border px-2 text-sm font-medium text-primary hover:border-primary"
                // The name holds the code it shows (WCAG 2.5.3: "AL" spoken to voice control).
                aria-label={`${group.name}, ${group.code}`}
              >
                {group.code}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-10 space-y-10">
        {groups.map((group) => (
          <section
            key={group.code}
            id={`state-${group.code.toLowerCase()}`}
            aria-labelledby={`state-${group.code.toLowerCase()}-heading`}
            className="scroll-mt-24"
          >
            <h2
              id={`state-${group.code.toLowerCase()}-heading`}
              className="text-xl font-bold tracking-tight"
            >
              <SiteLink
                to={group.path}
                className="underline-offset-4 hover:text-primary hover:underline"
              >
                {group.name}
              </SiteLink>
            </h2>
            <CityLinks cities={group.cities} />
          </section>
        ))}
      </div>
    </div>
  );
}
