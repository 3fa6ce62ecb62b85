/**
 * Outbound clicks: which requests to /go/{slug} count, the UTC day a click belongs to, the
 * days a report covers, and the address of a provider's outbound link. A click is counted per
 * provider per UTC day and nothing else is kept: no address, cookie or user agent.
 */
import { isbot } from 'isbot';

/** What the counting rule looks at; none of it is stored. */
export interface ClickRequest {
  method: string;
  userAgent: string | undefined;
  /** `Sec-Purpose` or `Purpose` header: browsers send 'prefetch' for speculative loads. */
  purpose?: string | undefined;
}

export type ClickVerdict =
  { counted: true } | { counted: false; reason: 'head' | 'no-user-agent' | 'bot' | 'prefetch' };

/**
 * A click counts when a browser asked for the page: a GET with a user agent that is not a
 * known bot's (the isbot package's maintained list) and not a prefetch. HEAD requests (link
 * checkers), requests without a user agent (scripts) and bots are redirected but not counted.
 */
export function clickVerdict(request: ClickRequest): ClickVerdict {
  if (request.method.toUpperCase() !== 'GET') return { counted: false, reason: 'head' };
  const agent = request.userAgent?.trim() ?? '';
  if (agent === '') return { counted: false, reason: 'no-user-agent' };
  if (isbot(agent)) return { counted: false, reason: 'bot' };
  if (/prefetch|prerender/i.test(request.purpose ?? '')) {
    return { counted: false, reason: 'prefetch' };
  }
  return { counted: true };
}

export function isCountedClick(request: ClickRequest): boolean {
  return clickVerdict(request).counted;
}

/** The UTC day of an instant: '2026-11-23'. */
export function clickDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

export const CLICK_DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** The `count` UTC days ending with `today`, oldest first. */
export function lastDays(today: Date, count: number): string[] {
  const end = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  const days: string[] = [];
  for (let i = count - 1; i >= 0; i--) days.push(clickDay(new Date(end - i * 86_400_000)));
  return days;
}

/** One provider's clicks on one day (what the counter stores). */
export interface ClickCount {
  day: string;
  providerId: string;
  clicks: number;
}

/** The total of each day, every day of `days` present (0 when none). */
export function dailyTotals(
  days: readonly string[],
  counts: readonly ClickCount[],
): Array<{ day: string; clicks: number }> {
  const byDay = new Map(days.map((day) => [day, 0]));
  for (const count of counts) {
    const known = byDay.get(count.day);
    if (known !== undefined) byDay.set(count.day, known + count.clicks);
  }
  return days.map((day) => ({ day, clicks: byDay.get(day) ?? 0 }));
}
