import { MapPin } from 'lucide-react';
import type { CityLinkView } from '../../../../api/cities/contracts';
import { CITIES_INDEX_PATH } from '../../../../domain/cities/paths';
import { buttonVariants } from '../../../components/ui/button';
import { SiteLink } from '../../../components/layout/site-link';

/** An unknown /near/{slug} (spec: 'City not found'); answered with 404 and noindex. */
export function CityNotFound({
  slug,
  suggestions,
}: {
  slug: string;
  suggestions: readonly CityLinkView[];
}) {
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">City not found</h1>
      <p className="mt-3 break-words text-muted-foreground">We have no page for “{slug}”.</p>
      {suggestions.length > 0 ? (
        <div className="mt-8">
          <h2 className="text-base font-semibold">Did you mean</h2>
          <ul className="mt-3 flex flex-col items-center gap-2">
            {suggestions.map((city) => (
              <li key={city.slug}>
                <SiteLink
                  to={city.path}
                  className="inline-flex min-h-11 items-center gap-1.5 rounded-md px-3 font-medium text-primary underline underline-offset-4 hover:no-underline"
                >
                  <MapPin className="size-4" aria-hidden="true" />
                  {city.name}, {city.state}
                </SiteLink>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <SiteLink to={CITIES_INDEX_PATH} className={buttonVariants({ className: 'mt-8' })}>
        Browse all cities
      </SiteLink>
    </section>
  );
}

/** An unknown /near/state/{state}: answered with 404 and noindex. */
export function StateNotFound({ state }: { state: string }) {
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">State not found</h1>
      <p className="mt-3 break-words text-muted-foreground">
        “{state}” is not the two-letter code of a US state.
      </p>
      <SiteLink to={CITIES_INDEX_PATH} className={buttonVariants({ className: 'mt-8' })}>
        Browse all states and cities
      </SiteLink>
    </section>
  );
}
