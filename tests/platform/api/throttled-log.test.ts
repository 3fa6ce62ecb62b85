import { describe, expect, it } from 'vitest';
import { createLogger } from '../../../workers/bootstrap/logger';
import { throttledLog } from '../../../api/http/throttled-log';

function setup(maxKeys = 1000) {
  const state = { time: 0 };
  const lines: Array<Record<string, unknown>> = [];
  const logger = createLogger({ level: 'debug', write: (line) => lines.push(JSON.parse(line)) });
  const notFound = throttledLog((path) => logger.warn('no page at this path', { path }), logger, {
    now: () => state.time,
    maxKeys,
  });
  return { state, lines, notFound };
}

describe('a 404 logs its path once per path per minute at most', () => {
  it('the same path twice in a minute is one line; a minute later, one more', () => {
    const { state, lines, notFound } = setup();
    notFound('/a');
    notFound('/a');
    notFound('/b');
    state.time = 59_999;
    notFound('/a');
    state.time = 60_000;
    notFound('/a');
    expect(lines.map((l) => [l.msg, l.path, l.level])).toEqual([
      ['no page at this path', '/a', 'warn'],
      ['no page at this path', '/b', 'warn'],
      ['no page at this path', '/a', 'warn'],
    ]);
  });

  it('a scan of unique paths is bounded per minute and counted once it ends', () => {
    const { state, lines, notFound } = setup(3);
    for (let i = 0; i < 10; i++) notFound(`/scan-${i}`);
    expect(lines).toHaveLength(3);
    state.time = 60_000;
    notFound('/next');
    expect(lines.slice(3).map((l) => [l.msg, l.count ?? l.path])).toEqual([
      ['log lines left out', 7],
      ['no page at this path', '/next'],
    ]);
  });
});
