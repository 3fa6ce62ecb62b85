/**
 * The rebuilds one process runs (workers/rebuild.ts): one at a time, its progress as the
 * rebuild reports it, the outcome recorded whether it swapped or failed.
 */
import { describe, expect, it } from 'vitest';
import type { RebuildProgress, RebuildResult } from '../../../projections';
import {
  createRebuildRuns,
  type RebuildRequest,
  type RebuildRunState,
} from '../../../workers/rebuild';

function fakeRequest(over: Partial<RebuildRequest> = {}) {
  const ended: RebuildRunState[] = [];
  let report: (p: RebuildProgress) => void = () => undefined;
  let finish: (r: RebuildResult) => void = () => undefined;
  let fail: (e: Error) => void = () => undefined;
  const request: RebuildRequest = {
    id: 'r-1',
    startedBy: 'ops@example.com',
    total: () => Promise.resolve(1000),
    rebuild: (onProgress) => {
      report = onProgress;
      return new Promise<RebuildResult>((resolve, reject) => {
        finish = resolve;
        fail = reject;
      });
    },
    recordStarted: () => Promise.resolve(),
    recordEnded: (run) => {
      ended.push(run);
      return Promise.resolve();
    },
    ...over,
  };
  return {
    request,
    ended,
    report: (p: RebuildProgress) => report(p),
    finish: (r: RebuildResult) => finish(r),
    fail: (e: Error) => fail(e),
  };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('Given a process with no rebuild running', () => {
  it('When one starts, it reports its progress, refuses a second, then ends swapped and recorded', async () => {
    let now = 1_000_000;
    const runs = createRebuildRuns(() => now);
    const fake = fakeRequest();
    const outcome = runs.start(fake.request);
    expect(outcome).toMatchObject({ started: { status: 'running', step: 'starting' } });
    await tick();
    fake.report({ step: 'replaying', events: 400 });
    now += 1500;
    expect(runs.latest()).toMatchObject({
      status: 'running',
      step: 'replaying',
      events: 400,
      total: 1000,
      elapsedMs: 1500,
    });
    expect(runs.start(fakeRequest({ id: 'r-2' }).request)).toMatchObject({
      running: { id: 'r-1', startedBy: 'ops@example.com' },
    });
    fake.report({ step: 'replaying', events: 1200 }); // a page past the total: shown as the total
    expect(runs.latest()?.events).toBe(1000);
    fake.finish({ projectors: ['a', 'b'], events: 1001, position: '1001' });
    await runs.idle();
    const swapped = { status: 'swapped', events: 1001, elapsedMs: 1500 };
    expect(runs.latest()).toMatchObject({
      ...swapped,
      result: { events: 1001, projectors: 2, position: '1001', ms: 1500 },
    });
    expect(fake.ended).toMatchObject([swapped]);
    expect(runs.start(fakeRequest({ id: 'r-2' }).request)).toHaveProperty('started');
  });

  it('When the rebuild fails, it ends failed with the error, recorded, and the next may start', async () => {
    const runs = createRebuildRuns();
    const fake = fakeRequest();
    runs.start(fake.request);
    await tick();
    fake.fail(new Error('disk full'));
    await runs.idle();
    expect(runs.latest()).toMatchObject({ status: 'failed', error: 'disk full' });
    expect(fake.ended).toMatchObject([{ status: 'failed', error: 'disk full' }]);
    expect(runs.start(fakeRequest({ id: 'r-2' }).request)).toHaveProperty('started');
  });

  it('When its start cannot be recorded, it does not rebuild and ends failed', async () => {
    const runs = createRebuildRuns();
    let rebuilt = false;
    const fake = fakeRequest({
      recordStarted: () => Promise.reject(new Error('event store down')),
      rebuild: () => {
        rebuilt = true;
        return Promise.reject(new Error('unreachable'));
      },
    });
    runs.start(fake.request);
    await runs.idle();
    expect(rebuilt).toBe(false);
    expect(runs.latest()).toMatchObject({ status: 'failed', error: 'event store down' });
  });
});
