import { describe, expect, it } from 'vitest';
import { EVERY_EVENT, reads } from '../../../projections/projector';
import { retryDelay } from '../../../projections/runner/retry';
import { Waiters } from '../../../projections/runner/waiters';

describe('which events a projector reads', () => {
  it.each([
    { eventTypes: ['ProviderListed'], type: 'ProviderListed', read: true },
    { eventTypes: ['ProviderListed'], type: 'PostCreated', read: false },
    { eventTypes: [], type: 'ProviderListed', read: false },
    { eventTypes: EVERY_EVENT, type: 'PostCreated', read: true },
  ] as const)('$eventTypes reads $type: $read', ({ eventTypes, type, read }) => {
    expect(reads({ eventTypes }, type)).toBe(read);
  });
});

describe('the runner’s backoff after an error', () => {
  it.each([
    { options: {}, failures: 0, ms: 100 },
    { options: {}, failures: 3, ms: 800 },
    { options: {}, failures: 10, ms: 5000 },
    { options: { retryDelayMs: 5, maxRetryDelayMs: 20 }, failures: 1, ms: 10 },
    { options: { retryDelayMs: 5, maxRetryDelayMs: 20 }, failures: 4, ms: 20 },
  ])('after $failures failures in a row with $options: $ms ms', ({ options, failures, ms }) => {
    expect(retryDelay(options, failures)).toBe(ms);
  });
});

describe('callers waiting for a position', () => {
  it('are answered true once the slowest checkpoint reaches it, false after their time', async () => {
    let reached = 1n;
    const waiters = new Waiters(() => reached);
    expect(await waiters.waitFor(1n, 10)).toBe(true);
    const second = waiters.waitFor(2n, 1000);
    const never = waiters.waitFor(9n, 10);
    reached = 2n;
    waiters.notify();
    expect(await second).toBe(true);
    expect(await never).toBe(false);
  });

  it('are answered false when the runner stops, and every change moves the version', async () => {
    const waiters = new Waiters(() => 0n);
    const waiting = waiters.waitFor(5n, 1000);
    const before = waiters.version;
    waiters.changed();
    waiters.cancelAll();
    expect(await waiting).toBe(false);
    expect(waiters.version).toBe(before + 1);
  });
});
