import { CalendarClock, Store } from 'lucide-react';
import type { AdminDeclaration } from '../../lib/admin-sections';
import { useRecheckCount } from './api/recheck';

/** The providers' place in the back office. */
export const providersAdmin: AdminDeclaration = {
  nav: [
    { label: 'Providers', path: '/admin/providers', order: 20 },
    { label: 'Needs recheck', path: '/admin/providers/recheck', order: 21 },
  ],
  counts: [
    { counter: 'providers', label: 'Providers', icon: Store, path: '/admin/providers', order: 10 },
    {
      // From the read model on each visit: a fact grows stale with the calendar, not by events.
      useValue: useRecheckCount,
      label: 'Facts to recheck',
      icon: CalendarClock,
      path: '/admin/providers/recheck',
      order: 11,
    },
  ],
  sections: [
    {
      title: 'Providers',
      description:
        'Add, edit and remove providers, their offers, fees, terms, trust facts and card content; recompute Vial Scores.',
      icon: Store,
      path: '/admin/providers',
      order: 10,
    },
    {
      title: 'Needs recheck',
      description:
        'Offers, fees, exit terms and trust facts checked more than 90 days ago or never, oldest first.',
      icon: CalendarClock,
      path: '/admin/providers/recheck',
      order: 11,
    },
  ],
};
