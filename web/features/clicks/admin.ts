import { MousePointerClick } from 'lucide-react';
import type { AdminDeclaration } from '../../lib/admin-sections';
import { useClicksThisWeek } from './api/clicks-this-week';

/** The outbound clicks' place in the back office. */
export const clicksAdmin: AdminDeclaration = {
  nav: [{ label: 'Clicks', path: '/admin/clicks', order: 110 }],
  counts: [
    {
      // The last 7 days, from the click counts: clicks are no events, so no dashboard counter.
      useValue: useClicksThisWeek,
      label: 'Clicks this week',
      icon: MousePointerClick,
      path: '/admin/clicks',
      order: 60,
    },
  ],
  sections: [
    {
      title: 'Outbound clicks',
      description:
        "Clicks on the providers' Get Started links per day, the last 90 days, with a CSV export.",
      icon: MousePointerClick,
      path: '/admin/clicks',
      order: 70,
    },
  ],
};
