import { Suspense, type ReactNode } from 'react';
import { useSuspenseQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../../api/contracts/http';
import type { StateCode } from '../../../../domain/shared/reference/states';
import { statePageQuery, type StateListRequest } from '../api/state-page';
import { StateRanking, type RenderProviders } from './state-ranking';

function LoadedStateRanking({
  api,
  state,
  request,
  renderProviders,
}: {
  api: ApiClient;
  state: StateCode;
  request: StateListRequest;
  renderProviders: RenderProviders;
}) {
  const { data: page } = useSuspenseQuery(statePageQuery(api, state, request));
  if (!page) return null;
  return <StateRanking ranking={page} place={page.state.name} renderProviders={renderProviders} />;
}

/** The top of one state's ranking read on its own (the home page's state filter: its top N). */
export function StateRankingList({
  fallback,
  ...props
}: {
  api: ApiClient;
  state: StateCode;
  /** Which cards: the home page's top N, sorted and filtered as the visitor chose. */
  request: StateListRequest;
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
