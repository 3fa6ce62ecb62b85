import { asMediaEvent } from '../../domain/media/events';
import type { DashboardCounter } from '../dashboard';

/** Images in the library: +1 on upload, -1 on delete. */
export const mediaCounters: DashboardCounter[] = [
  {
    name: 'media',
    eventTypes: ['MediaUploaded', 'MediaDeleted'],
    delta(recorded) {
      const event = asMediaEvent(recorded);
      if (event?.type === 'MediaUploaded') return 1;
      if (event?.type === 'MediaDeleted') return -1;
      return 0;
    },
  },
];
