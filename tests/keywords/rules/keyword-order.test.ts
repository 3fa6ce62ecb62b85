import { keywordFieldsSchema } from '../../../domain/keywords/fields';
/** The order of trending keywords: a rule table for moves, and the positions a move records. */
import { describe, expect, it } from 'vitest';
import {
  keywordKey,
  nextPosition,
  positionChanges,
  reorderKeywords,
  type KeywordMove,
} from '../../../domain/keywords/rules';

const list = ['a', 'b', 'c', 'd'];

describe('reorderKeywords', () => {
  it.each<[string, KeywordMove, string[]]>([
    ['c', 'up', ['a', 'c', 'b', 'd']],
    ['c', 'down', ['a', 'b', 'd', 'c']],
    ['a', 'up', ['a', 'b', 'c', 'd']], // already first
    ['d', 'down', ['a', 'b', 'c', 'd']], // already last
    ['d', { position: 1 }, ['d', 'a', 'b', 'c']],
    ['a', { position: 4 }, ['b', 'c', 'd', 'a']],
    ['b', { position: 3 }, ['a', 'c', 'b', 'd']],
    ['b', { position: 2 }, ['a', 'b', 'c', 'd']], // where it is
    ['b', { position: 99 }, ['a', 'c', 'd', 'b']], // clamped to the end
    ['c', { position: -5 }, ['c', 'a', 'b', 'd']], // clamped to the start
    ['x', 'up', ['a', 'b', 'c', 'd']], // unknown: unchanged
  ])('moving %s %j gives %j', (id, move, expected) => {
    expect(reorderKeywords(list, id, move)).toEqual(expected);
  });
});

describe('positionChanges', () => {
  it.each([
    [
      'only the keywords whose position differs',
      [
        { id: 'a', position: 0 },
        { id: 'b', position: 1 },
        { id: 'c', position: 2 },
      ],
      ['a', 'c', 'b'],
      [
        { id: 'c', position: 1 },
        { id: 'b', position: 2 },
      ],
    ],
    [
      'settles ties and gaps left by earlier writes',
      [
        { id: 'a', position: 0 },
        { id: 'b', position: 0 },
        { id: 'c', position: 7 },
      ],
      ['a', 'b', 'c'],
      [
        { id: 'b', position: 1 },
        { id: 'c', position: 2 },
      ],
    ],
    ['nothing when the order stays', [{ id: 'a', position: 0 }], ['a'], []],
  ])('%s', (_name, current, order, expected) => {
    expect(positionChanges(current, order)).toEqual(expected);
  });

  it('a new keyword goes after the last one', () => {
    expect(nextPosition([])).toBe(0);
    expect(nextPosition([0, 3, 1])).toBe(4);
  });
});

describe('keyword fields', () => {
  it.each([
    ['  Ozempic   Cost ', 'ozempic cost'],
    ['GLP-1', 'glp-1'],
  ])('the key of %j is %j (case and spacing do not count)', (keyword, key) => {
    expect(keywordKey(keyword)).toBe(key);
  });

  it('trims the fields and defaults the optional ones', () => {
    expect(keywordFieldsSchema.parse({ keyword: '  wegovy   dose ' })).toEqual({
      keyword: 'wegovy dose',
      category: '',
      note: '',
    });
  });

  it.each([
    [{}, 'keyword'],
    [{ keyword: ' ' }, 'keyword'],
    [{ keyword: 'k'.repeat(81) }, 'keyword'],
    [{ keyword: 'ok', category: 'c'.repeat(61) }, 'category'],
    [{ keyword: 'ok', note: 'n'.repeat(501) }, 'note'],
  ])('%j is refused on %s', (value, field) => {
    const result = keywordFieldsSchema.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual([field]);
  });
});
