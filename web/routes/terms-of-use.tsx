import { createFileRoute } from '@tanstack/react-router';
import { TERMS_OF_USE } from '../../domain/site-content/pages';
import { TERMS_OF_USE_META } from '../../domain/site-content/page-meta';
import { ContentPage } from '../features/site-content/components/content-page';
import { pageHead } from '../lib/site';

export const Route = createFileRoute('/terms-of-use')({
  head: () => pageHead(TERMS_OF_USE_META),
  component: () => <ContentPage page={TERMS_OF_USE} />,
});
