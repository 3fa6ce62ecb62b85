/**
 * The word-level diff a revision is compared with before it is restored (issue 27): words kept,
 * removed (only in the first text) and added (only in the second), in reading order; a
 * replaced stretch reads as its removal, then its addition.
 */
import { describe, expect, it } from 'vitest';
import { diffCounts, MAX_EDITS, wordDiff, type DiffPart } from '../../../domain/blog/word-diff';

const same = (text: string): DiffPart => ({ kind: 'same', text, words: count(text) });
const removed = (text: string): DiffPart => ({ kind: 'removed', text, words: count(text) });
const added = (text: string): DiffPart => ({ kind: 'added', text, words: count(text) });
const count = (text: string) => text.split(' ').length;

describe('wordDiff(before, after)', () => {
  it.each<{ case: string; before: string; after: string; parts: DiffPart[] }>([
    { case: 'both empty', before: '', after: '', parts: [] },
    {
      case: 'identical texts',
      before: 'Start at 0.25 mg.',
      after: 'Start at 0.25 mg.',
      parts: [same('Start at 0.25 mg.')],
    },
    {
      case: 'spacing alone is no change',
      before: 'Start  at\n0.25 mg.',
      after: ' Start at 0.25\tmg. ',
      parts: [same('Start at 0.25 mg.')],
    },
    {
      case: 'everything added to an empty text',
      before: '',
      after: 'A new post',
      parts: [added('A new post')],
    },
    {
      case: 'everything removed',
      before: 'An old post',
      after: '',
      parts: [removed('An old post')],
    },
    {
      case: 'a word added at the end',
      before: 'Ask your clinician',
      after: 'Ask your clinician first',
      parts: [same('Ask your clinician'), added('first')],
    },
    {
      case: 'a word added at the start',
      before: 'costs $249/mo',
      after: 'Semaglutide costs $249/mo',
      parts: [added('Semaglutide'), same('costs $249/mo')],
    },
    {
      case: 'a word removed in the middle',
      before: 'Step up after four weeks',
      after: 'Step up after weeks',
      parts: [same('Step up after'), removed('four'), same('weeks')],
    },
    {
      case: 'a word replaced: the removal first, then the addition',
      before: 'Start at 0.25 mg weekly',
      after: 'Start at 0.5 mg weekly',
      parts: [same('Start at'), removed('0.25'), added('0.5'), same('mg weekly')],
    },
    {
      case: 'punctuation and case make a different word',
      before: 'It costs less.',
      after: 'it costs less,',
      parts: [removed('It'), added('it'), same('costs'), removed('less.'), added('less,')],
    },
    {
      case: 'two separate edits',
      before: 'one two three four five six',
      after: 'one 2 three four five seven six',
      parts: [
        same('one'),
        removed('two'),
        added('2'),
        same('three four five'),
        added('seven'),
        same('six'),
      ],
    },
    {
      case: 'a repeated word moved',
      before: 'a b a b',
      after: 'b a b a',
      parts: [removed('a'), same('b a b'), added('a')],
    },
  ])('$case', ({ before, after, parts }) => {
    expect(wordDiff(before, after)).toEqual(parts);
  });

  it('reads back into both texts: the kept and removed words are the first, kept and added the second', () => {
    const before = 'the quick brown fox jumps over the lazy dog near the river bank today';
    const after = 'a quick red fox leaps over the dog by the river bank at noon today';
    const parts = wordDiff(before, after);
    const text = (kinds: string[]) =>
      parts
        .filter((p) => kinds.includes(p.kind))
        .map((p) => p.text)
        .join(' ');
    expect(text(['same', 'removed'])).toBe(before);
    expect(text(['same', 'added'])).toBe(after);
    expect(diffCounts(parts)).toEqual({ removed: 5, added: 6 });
  });

  it('keeps a small edit small in a long article', () => {
    const body = Array.from({ length: 5000 }, (_, i) => `word${i}`);
    const edited = [...body];
    edited[2500] = 'changed';
    const parts = wordDiff(body.join(' '), edited.join(' '));
    expect(parts.map((p) => [p.kind, p.words])).toEqual([
      ['same', 2500],
      ['removed', 1],
      ['added', 1],
      ['same', 2499],
    ]);
  });

  it(`past ${MAX_EDITS} edits, the differing middle is one removal and one addition`, () => {
    const before = Array.from({ length: MAX_EDITS + 10 }, (_, i) => `a${i}`);
    const after = Array.from({ length: MAX_EDITS + 10 }, (_, i) => `b${i}`);
    const parts = wordDiff(['same', ...before].join(' '), ['same', ...after].join(' '));
    expect(parts.map((p) => [p.kind, p.words])).toEqual([
      ['same', 1],
      ['removed', MAX_EDITS + 10],
      ['added', MAX_EDITS + 10],
    ]);
  });
});

describe('diffCounts', () => {
  it.each([
    { before: 'a b c', after: 'a b c', removed: 0, added: 0 },
    { before: 'a b c', after: 'a x y c', removed: 1, added: 2 },
    { before: '', after: 'one two', removed: 0, added: 2 },
  ])('$before -> $after: $removed removed, $added added', ({ before, after, ...want }) => {
    expect(diffCounts(wordDiff(before, after))).toEqual(want);
  });
});
