import { Mail, Newspaper } from 'lucide-react';
import type { AdminDeclaration } from '../../lib/admin-sections';
import {
  NewsletterDashboardPanel,
  PriceAlertsDashboardPanel,
} from './components/newsletter-dashboard';

/** The newsletter's place in the back office: its subscribers, the weekly issue, price alerts. */
export const newsletterAdmin: AdminDeclaration = {
  nav: [
    { label: 'Subscriptions', path: '/admin/subscriptions', order: 60 },
    { label: 'Newsletter', path: '/admin/newsletter', order: 61 },
  ],
  counts: [
    {
      counter: 'subscriptions',
      label: 'Email subscriptions',
      icon: Mail,
      path: '/admin/subscriptions',
      order: 20,
    },
  ],
  panels: [
    { id: 'newsletter', Panel: NewsletterDashboardPanel, order: 10 },
    { id: 'price-alerts', Panel: PriceAlertsDashboardPanel, order: 20 },
  ],
  sections: [
    {
      title: 'Email subscriptions',
      description:
        'Newsletter subscribers: search, export as CSV, unsubscribe with a reason, delete (erase) on request.',
      icon: Mail,
      path: '/admin/subscriptions',
      order: 30,
    },
    {
      title: 'Newsletter',
      description:
        'The weekly issue: edit the composed draft, preview it, send a test, schedule or send; past issues with their counts.',
      icon: Newspaper,
      path: '/admin/newsletter',
      order: 31,
    },
  ],
};
