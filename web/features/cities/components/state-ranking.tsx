import type { ReactNode } from 'react';
import { MapPin } from 'lucide-react';
import type { ProviderCardView } from '../../../../api/providers/contracts';
import type { StateRankingView } from '../../../../api/cities/contracts';
import type { ListPaging } from '../../../../domain/shared/paging';
import { SiteLink } from '../../../components/layout/site-link';

/**
 * Renders ranked cards, one page of the ranking (`paging` says which); the route passes the
 * providers feature's list and its page links.
 */
export type RenderProviders = (
  providers: readonly ProviderCardView[],
  label: string,
  paging: ListPaging,
) => ReactNode;

/**
 * The providers serving a state, ranked; when none of them is featured, a line saying the list
 * holds every provider serving it; when no listed provider serves it, a plain notice and links
 * to the nearest states that are served (never a list of providers who cannot treat the visitor).
 */
export function StateRanking({
  ranking,
  place,
  renderProviders,
}: {
  ranking: StateRankingView;
  /** 'Dallas, TX' or 'Ohio': where the visitor is looking. */
  place: string;
  renderProviders: RenderProviders;
}) {
  if (ranking.basis === 'none') return <NoProvidersNotice ranking={ranking} place={place} />;
  // The whole ranking's count: the cards shown are one page of it.
  const count = ranking.paging.total;
  return (
    <div>
      <p className="mb-4 text-sm text-muted-foreground" data-testid="ranking-basis">
        {ranking.basis === 'featured'
          ? `${count} featured ${count === 1 ? 'provider serves' : 'providers serve'} ${ranking.state.name}, best first.`
          : `No featured provider serves ${ranking.state.name}; ${count === 1 ? 'the listed provider that serves it is' : `the ${count} listed providers that serve it are`} ranked below, best first.`}
      </p>
      {renderProviders(
        ranking.providers,
        `Providers serving ${ranking.state.name}, best first`,
        ranking.paging,
      )}
    </div>
  );
}

function NoProvidersNotice({ ranking, place }: { ranking: StateRankingView; place: string }) {
  return (
    <div role="status" className="rounded-lg border border-border bg-surface p-5">
      <p className="font-semibold text-foreground">
        None of the providers we list serves {ranking.state.name} yet.
      </p>
      <p className="mt-2 text-sm leading-6 text-muted-foreground">
        Online providers can only treat patients in the states where they are licensed, so we do not
        show providers that cannot treat you in {place}.
      </p>
      {ranking.nearestServedStates.length > 0 ? (
        <>
          <p className="mt-4 text-sm font-medium text-foreground">Nearest states with providers:</p>
          <ul className="mt-2 flex flex-wrap gap-2">
            {ranking.nearestServedStates.map((state) => (
              <li key={state.code}>
                <SiteLink
                  to={state.path}
                  className="inline-flex min-h-11 items-center gap-1.5 rounded-md border border-border bg-card px-3 text-sm font-medium text-primary hover:border-primary"
                >
                  <MapPin className="size-4" aria-hidden="true" />
                  {state.name}
                </SiteLink>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
