/**
 * The back office's one formatter of moments (formatLocalDateTime): the spec's form
 * 'MMM dd, yyyy HH:mm', in the administrator's own zone or a named one, to the minute or the
 * second, and nothing (not 'Invalid Date') for a missing or broken value.
 */
import { describe, expect, it } from 'vitest';
import { formatLocalDateTime, localTimeZone } from '../../../web/lib/local-time';

describe('formatLocalDateTime', () => {
  it.each([
    ['2026-01-05T14:03:09.000Z', 'UTC', 'Jan 05, 2026 14:03'],
    ['2026-11-30T00:00:00.000Z', 'UTC', 'Nov 30, 2026 00:00'],
    ['2026-11-30T23:59:59.000Z', 'UTC', 'Nov 30, 2026 23:59'],
    // The day before in New York (EDT, UTC-4), midnight as 00, never 24.
    ['2026-07-01T03:30:00.000Z', 'America/New_York', 'Jun 30, 2026 23:30'],
    ['2026-07-01T04:00:00.000Z', 'America/New_York', 'Jul 01, 2026 00:00'],
    ['2026-01-15T09:05:00.000Z', 'Asia/Kolkata', 'Jan 15, 2026 14:35'],
  ])('%s in %s reads %s', (iso, timeZone, expected) => {
    expect(formatLocalDateTime(iso, { timeZone })).toBe(expected);
  });

  it('says the second when asked (a rebuild that ran a few seconds)', () => {
    expect(
      formatLocalDateTime('2026-11-30T09:00:33.000Z', { seconds: true, timeZone: 'UTC' }),
    ).toBe('Nov 30, 2026 09:00:33');
  });

  it('without a zone, reads the moment in the zone the screen runs in', () => {
    const iso = '2026-11-30T09:00:33.000Z';
    expect(formatLocalDateTime(iso)).toBe(formatLocalDateTime(iso, { timeZone: localTimeZone() }));
    expect(formatLocalDateTime(iso)).toMatch(/^Nov (29|30), 2026 \d{2}:\d{2}$/);
  });

  it.each([null, undefined, '', 'not a date', '2026-13-45T00:00:00Z'])(
    'says nothing for %j',
    (value) => {
      expect(formatLocalDateTime(value)).toBe('');
    },
  );
});
