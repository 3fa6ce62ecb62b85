import type { DashboardCounter } from '../dashboard';

/** Listed providers: listing adds one, removal takes it away. */
export const providerCounters: DashboardCounter[] = [
  {
    name: 'providers',
    eventTypes: ['ProviderListed', 'ProviderRemoved'],
    membership: (event) => ({
      member: (event.data as { providerId: string }).providerId,
      counted: event.type === 'ProviderListed',
    }),
  },
];
