/**
 * Every log line is one JSON object on one line, whatever is logged: an error's stack (many
 * lines) is a field of it, as are its cause and errors nested in other fields; a LOG_LEVEL that
 * names an object key is no level.
 */
import { describe, expect, it } from 'vitest';
import { createLogger, isLogLevel } from '../../../workers/bootstrap/logger';

function logged(fields: Record<string, unknown>): {
  lines: string[];
  entry: Record<string, unknown>;
} {
  const lines: string[] = [];
  createLogger({ level: 'info', write: (line) => lines.push(line) }).error('failed', fields);
  return { lines, entry: JSON.parse(lines[0] ?? 'null') as Record<string, unknown> };
}

const withStack = () => {
  const error = new TypeError('x is not a function');
  expect(error.stack?.split('\n').length).toBeGreaterThan(2);
  return error;
};

describe('one JSON line per log call', () => {
  it.each<[string, () => Record<string, unknown>]>([
    ['an error with a stack', () => ({ err: withStack() })],
    ['an error with a cause', () => ({ err: new Error('outer', { cause: withStack() }) })],
    ['an error nested in a field', () => ({ detail: { err: withStack() } })],
    ['an error in a list', () => ({ errors: [withStack(), withStack()] })],
    ['a message over lines', () => ({ note: 'line 1\nline 2\r\nline 3' })],
  ])('Given %s, one line of JSON is written', (_name, fields) => {
    const { lines } = logged(fields());

    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toMatch(/[\r\n]/);
    expect(() => JSON.parse(lines[0] ?? '') as unknown).not.toThrow();
  });

  it('keeps the stack of an error, its cause and a nested one', () => {
    const { entry } = logged({
      err: new Error('outer', { cause: withStack() }),
      detail: { err: withStack() },
    });

    expect(entry).toMatchObject({
      err: {
        name: 'Error',
        message: 'outer',
        stack: expect.stringContaining('\n    at ') as unknown,
        cause: { name: 'TypeError', stack: expect.stringContaining('\n    at ') as unknown },
      },
      detail: {
        err: { name: 'TypeError', stack: expect.stringContaining('\n    at ') as unknown },
      },
    });
  });
});

describe('isLogLevel', () => {
  it.each(['constructor', 'toString', '__proto__', 'hasOwnProperty', 'INFO', ''])(
    '%j is no level',
    (value) => {
      expect(isLogLevel(value)).toBe(false);
    },
  );
});
