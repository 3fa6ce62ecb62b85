import { createFileRoute } from '@tanstack/react-router';
import { COOKIE_POLICY } from '../../domain/site-content/pages';
import { COOKIE_POLICY_META } from '../../domain/site-content/page-meta';
import { ContentPage } from '../features/site-content/components/content-page';
import { pageHead } from '../lib/site';

export const Route = createFileRoute('/cookie-policy')({
  head: () => pageHead(COOKIE_POLICY_META),
  component: () => <ContentPage page={COOKIE_POLICY} />,
});
