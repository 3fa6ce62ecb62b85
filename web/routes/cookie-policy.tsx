import { createFileRoute } from '@tanstack/react-router';
import { COOKIE_POLICY } from '../../domain/site-content/pages';
import { ContentPage } from '../features/site-content/components/content-page';
import { pageHead } from '../lib/site';

export const Route = createFileRoute('/cookie-policy')({
  head: () => pageHead(COOKIE_POLICY),
  component: () => <ContentPage page={COOKIE_POLICY} />,
});
