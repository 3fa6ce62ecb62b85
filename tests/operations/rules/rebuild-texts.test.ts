/** What a rebuild says to an administrator, as a table. */
import { describe, expect, it } from 'vitest';
import {
  alreadyRunningText,
  failedText,
  formatDuration,
  lagText,
  progressText,
  swappedText,
} from '../../../domain/operations/rules';

describe('rebuild texts', () => {
  it.each([
    [400, '0.4 s'],
    [9_950, '10 s'],
    [12_400, '12 s'],
    [125_000, '2 min 5 s'],
  ])('%i ms reads %s', (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });

  it.each([
    [1204, 800, 'Swapped: the site now reads the rebuilt views (1,204 events in 0.8 s).'],
    [1, 30, 'Swapped: the site now reads the rebuilt views (1 event in 0 s).'],
  ])('%i events in %i ms: %s', (events, ms, text) => {
    expect(swappedText(events, ms)).toBe(text);
  });

  it.each([
    [0, null, '0 events'],
    [1200, 5000, '1,200 of 5,000 events (24%)'],
    [5100, 5000, '5,000 of 5,000 events (100%)'],
    [3, 0, '3 events'],
  ])('progress %i of %s reads %s', (events, total, text) => {
    expect(progressText(events, total)).toBe(text);
  });

  it('names when and by whom the running one was started, in UTC', () => {
    expect(alreadyRunningText('2026-03-01T14:03:12.500Z', 'ops@example.com')).toBe(
      'A rebuild is already running (started 14:03:12 UTC by ops@example.com).',
    );
  });

  it('says a failure left the site on the views it had', () => {
    expect(failedText('disk full.')).toBe(
      'The rebuild failed: disk full. The site kept reading the views it had.',
    );
  });

  it.each([
    [0, 100_000, 'Up to date'],
    [1, 100_000, '1 event behind'],
    [2_345, 100_000, '2,345 events behind'],
    [100_000, 100_000, 'At least 100,000 events behind'],
  ])('a read model %i events behind (counted up to %i) reads %s', (behind, upTo, text) => {
    expect(lagText(behind, upTo)).toBe(text);
  });
});
