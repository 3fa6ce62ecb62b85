import { createFileRoute } from '@tanstack/react-router';
import { UnsubscribedPage } from '../features/newsletter/components/unsubscribe-pages';
import { pageHead } from '../lib/site';

/** Where the unsubscribe form lands: the newsletter has stopped. */
export const Route = createFileRoute('/unsubscribed')({
  head: () =>
    pageHead(
      { title: 'Unsubscribed', description: 'You will not receive the VialCompare newsletter.' },
      { noindex: true },
    ),
  component: UnsubscribedPage,
});
