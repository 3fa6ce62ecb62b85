import type { DashboardCounter } from '../dashboard';

/**
 * Listed (published) providers: listing, publishing a draft and restoring from the trash add
 * one, removal takes it away. A draft is not counted: its removal and restore carry `draft`.
 */
export const providerCounters: DashboardCounter[] = [
  {
    name: 'providers',
    eventTypes: ['ProviderListed', 'ProviderPublished', 'ProviderRemoved', 'ProviderRestored'],
    delta: (event) => {
      if ((event.data as { draft?: true }).draft) return 0;
      return event.type === 'ProviderRemoved' ? -1 : 1;
    },
  },
];
