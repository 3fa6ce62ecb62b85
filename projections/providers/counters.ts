import type { DashboardCounter } from '../dashboard';

/** Listed providers: listing adds one, removal takes it away (each happens once per provider). */
export const providerCounters: DashboardCounter[] = [
  {
    name: 'providers',
    eventTypes: ['ProviderListed', 'ProviderRemoved'],
    delta: (event) => (event.type === 'ProviderListed' ? 1 : -1),
  },
];
