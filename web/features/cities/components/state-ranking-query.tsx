import { Suspense, type ReactNode } from 'react';
import { useSuspenseQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../../api/contracts/http';
import type { StateCode } from '../../../../domain/shared/reference/states';
import { statePageQuery } from '../api/state-page';
import { StateRanking, type RenderProviders } from './state-ranking';

function LoadedStateRanking({
  api,
  state,
  renderProviders,
}: {
  api: ApiClient;
  state: StateCode;
  renderProviders: RenderProviders;
}) {
  const { data: page } = useSuspenseQuery(statePageQuery(api, state));
  if (!page) return null;
  return <StateRanking ranking={page} place={page.state.name} renderProviders={renderProviders} />;
}

/** The ranking of one state read on its own (the home page's state filter). */
export function StateRankingList({
  fallback,
  ...props
}: {
  api: ApiClient;
  state: StateCode;
  renderProviders: RenderProviders;
  /** Shown while it loads in the browser (the five skeleton cards). */
  fallback: ReactNode;
}) {
  return (
    <Suspense fallback={fallback}>
      <LoadedStateRanking {...props} />
    </Suspense>
  );
}
