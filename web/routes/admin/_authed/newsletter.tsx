import { createFileRoute } from '@tanstack/react-router';
import { adminHead } from '../../../lib/back-office';
import { NewsletterDesk } from '../../../features/newsletter/components/newsletter-desk';

export const Route = createFileRoute('/admin/_authed/newsletter')({
  head: () => adminHead('Newsletter'),
  component: NewsletterDesk,
});
