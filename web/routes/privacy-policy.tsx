import { createFileRoute } from '@tanstack/react-router';
import { PRIVACY_POLICY } from '../../domain/site-content/pages';
import { PRIVACY_POLICY_META } from '../../domain/site-content/page-meta';
import { ContentPage } from '../features/site-content/components/content-page';
import { pageHead } from '../lib/site';

export const Route = createFileRoute('/privacy-policy')({
  head: () => pageHead(PRIVACY_POLICY_META),
  component: () => <ContentPage page={PRIVACY_POLICY} />,
});
