import type { DashboardCounter } from '../dashboard';

/** Listed providers: listing and restoring from the trash add one, removal takes it away. */
export const providerCounters: DashboardCounter[] = [
  {
    name: 'providers',
    eventTypes: ['ProviderListed', 'ProviderRemoved', 'ProviderRestored'],
    delta: (event) => (event.type === 'ProviderRemoved' ? -1 : 1),
  },
];
