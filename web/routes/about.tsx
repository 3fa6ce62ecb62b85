import { createFileRoute } from '@tanstack/react-router';
import { ABOUT } from '../../domain/site-content/pages';
import { AboutPage } from '../features/site-content/components/about-page';
import { pageHead } from '../lib/site';

export const Route = createFileRoute('/about')({
  head: () => pageHead(ABOUT),
  component: AboutPage,
});
