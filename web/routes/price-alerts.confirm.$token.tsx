import { createFileRoute } from '@tanstack/react-router';
import { PriceAlertConfirmPage } from '../features/newsletter/components/price-alert-confirm-pages';
import { pageHead } from '../lib/site';

/**
 * /price-alerts/confirm/{token}: the link of the price alert confirmation mail. The server
 * answers a bad or tampered token with a 400 page before this renders (api/newsletter/alert-routes.ts).
 */
export const Route = createFileRoute('/price-alerts/confirm/$token')({
  head: () =>
    pageHead(
      {
        title: 'Confirm your price alerts',
        description: 'Confirm your address to start your VialCompare price alerts.',
      },
      { noindex: true },
    ),
  component: PriceAlertConfirmRoute,
});

function PriceAlertConfirmRoute() {
  const { token } = Route.useParams();
  return <PriceAlertConfirmPage token={token} />;
}
