/**
 * The back office's one formatter of moments (formatLocalDateTime): in the administrator's own
 * zone, to the minute or the second, and nothing (not 'Invalid Date') for a missing or broken
 * value. The zone is the test process's; the expectations are built in that same zone.
 */
import { describe, expect, it } from 'vitest';
import { formatLocalDateTime } from '../../../web/lib/local-time';

const inThisZone = (iso: string, timeStyle: 'short' | 'medium') =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle });

describe('formatLocalDateTime', () => {
  it('says the day and the minute, in the zone the screen runs in', () => {
    const iso = '2026-11-30T09:00:33.000Z';
    expect(formatLocalDateTime(iso)).toBe(inThisZone(iso, 'short'));
    expect(formatLocalDateTime(iso)).toMatch(/^Nov (29|30), 2026, \d{1,2}:\d{2}\s[AP]M$/);
  });

  it('says the second when asked (a rebuild that ran a few seconds)', () => {
    const iso = '2026-11-30T09:00:33.000Z';
    expect(formatLocalDateTime(iso, { seconds: true })).toBe(inThisZone(iso, 'medium'));
    expect(formatLocalDateTime(iso, { seconds: true })).toMatch(/:33\s[AP]M$/);
  });

  it.each([null, undefined, '', 'not a date', '2026-13-45T00:00:00Z'])(
    'says nothing for %j',
    (value) => {
      expect(formatLocalDateTime(value)).toBe('');
    },
  );
});
