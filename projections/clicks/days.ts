import { CLICK_DAY_PATTERN, clickDay } from '../../domain/clicks/rules';

/** Longest range read at once (the report asks for 90 days). */
export const MAX_READ_DAYS = 1000;

/** Every UTC day from `fromDay` to `toDay` inclusive ([] when reversed or malformed). */
export function lastDaysBetween(fromDay: string, toDay: string): string[] {
  if (!CLICK_DAY_PATTERN.test(fromDay) || !CLICK_DAY_PATTERN.test(toDay)) return [];
  const from = Date.parse(`${fromDay}T00:00:00Z`);
  const to = Date.parse(`${toDay}T00:00:00Z`);
  if (Number.isNaN(from) || Number.isNaN(to) || to < from) return [];
  const days: string[] = [];
  for (let t = from; t <= to && days.length < MAX_READ_DAYS; t += 86_400_000) {
    days.push(clickDay(new Date(t)));
  }
  return days;
}
