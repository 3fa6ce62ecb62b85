import { createFileRoute } from '@tanstack/react-router';
import { PriceAlertsConfirmedPage } from '../features/newsletter/components/price-alert-confirm-pages';
import { pageHead } from '../lib/site';

/** Where the confirmation form lands: the address's price alerts are on. */
export const Route = createFileRoute('/price-alerts/confirmed')({
  head: () =>
    pageHead(
      {
        title: 'Price alerts confirmed',
        description: 'Your VialCompare price alerts are on.',
      },
      { noindex: true },
    ),
  component: PriceAlertsConfirmedPage,
});
