/** remembered: a pure function's answers kept by argument, bounded. */
import { describe, expect, it } from 'vitest';
import { remembered } from '../../../domain/shared/remembered';

function counted<V>(answer: (key: string) => V) {
  const calls: string[] = [];
  return {
    calls,
    compute: (key: string) => {
      calls.push(key);
      return answer(key);
    },
  };
}

describe('remembered', () => {
  it('computes an argument once, null answers included', () => {
    const { calls, compute } = counted((key) => (key === 'none' ? null : key.toUpperCase()));
    const upper = remembered(compute, 10);
    expect([upper('a'), upper('none'), upper('a'), upper('none')]).toEqual(['A', null, 'A', null]);
    expect(calls).toEqual(['a', 'none']);
  });

  it('forgets everything once it holds `kept` answers, and answers the same', () => {
    const { calls, compute } = counted((key) => key.length);
    const length = remembered(compute, 2);
    expect([length('a'), length('bb'), length('ccc'), length('a')]).toEqual([1, 2, 3, 1]);
    // 'ccc' found it full: 'a' was forgotten and computed again.
    expect(calls).toEqual(['a', 'bb', 'ccc', 'a']);
  });
});
