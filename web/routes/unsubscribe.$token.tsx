import { createFileRoute } from '@tanstack/react-router';
import { UnsubscribeConfirmPage } from '../features/newsletter/components/unsubscribe-pages';
import { pageHead } from '../lib/site';

/**
 * /unsubscribe/{token}: the newsletter's one-click link. The server answers a bad or tampered
 * token with a 400 page before this renders (api/newsletter/routes.ts).
 */
export const Route = createFileRoute('/unsubscribe/$token')({
  head: () =>
    pageHead(
      {
        title: 'Unsubscribe',
        description: 'Stop receiving the VialCompare newsletter at your address.',
      },
      { noindex: true },
    ),
  component: UnsubscribeRoute,
});

function UnsubscribeRoute() {
  const { token } = Route.useParams();
  return <UnsubscribeConfirmPage token={token} />;
}
