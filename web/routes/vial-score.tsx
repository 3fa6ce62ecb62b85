import { createFileRoute } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { VIAL_SCORE_PAGE } from '../../domain/providers/vial-score-page';
import { vialScoreMethodQuery } from '../features/providers/api/vial-score-method';
import { VialScoreMethodPage } from '../features/providers/components/vial-score-method-page';
import { pageHead } from '../lib/site';

export const Route = createFileRoute('/vial-score')({
  loader: ({ context }) =>
    context.queryClient.prefetchQuery(vialScoreMethodQuery(context.api)).catch(() => undefined),
  head: () => pageHead(VIAL_SCORE_PAGE),
  component: VialScoreRoute,
});

function VialScoreRoute() {
  const { api } = Route.useRouteContext();
  const method = useQuery(vialScoreMethodQuery(api));
  return <VialScoreMethodPage method={method.data ?? null} />;
}
