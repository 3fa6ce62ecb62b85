import { asKeywordEvent } from '../../domain/keywords/events';
import type { DashboardCounter } from '../dashboard';

/** Keywords on the dashboard: +1 when one is added, -1 when one is deleted (active or not). */
export const keywordCounters: DashboardCounter[] = [
  {
    name: 'keywords',
    eventTypes: ['KeywordCreated', 'KeywordDeleted'],
    delta(recorded) {
      const event = asKeywordEvent(recorded);
      if (event?.type === 'KeywordCreated') return 1;
      if (event?.type === 'KeywordDeleted') return -1;
      return 0;
    },
  },
];
