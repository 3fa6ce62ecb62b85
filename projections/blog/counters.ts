import type { DashboardCounter } from '../dashboard';

/** Blog posts (drafts and published): each post is created once and deleted once. */
export const blogCounters: DashboardCounter[] = [
  {
    name: 'posts',
    eventTypes: ['PostCreated', 'PostDeleted'],
    delta: (event) => (event.type === 'PostCreated' ? 1 : event.type === 'PostDeleted' ? -1 : 0),
  },
];
