import { Search } from 'lucide-react';
import type { AdminDeclaration } from '../../lib/admin-sections';

/** The trending keywords' place in the back office. */
export const keywordsAdmin: AdminDeclaration = {
  roles: ['administrator', 'editor'],
  nav: [{ label: 'Keywords', path: '/admin/keywords', order: 50 }],
  counts: [
    { counter: 'keywords', label: 'Keywords', icon: Search, path: '/admin/keywords', order: 30 },
  ],
  sections: [
    {
      title: 'Trending keywords',
      description:
        'Add, edit, order and activate the keywords shown on the public Trending Keywords page.',
      icon: Search,
      path: '/admin/keywords',
      order: 40,
    },
  ],
};
