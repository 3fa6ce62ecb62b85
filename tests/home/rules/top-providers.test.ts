/**
 * How many providers the home page lists (issue 28: the top N of the featured ranking, N from
 * site content `home_top_providers`, default 10), as tables: what the key accepts and the
 * message naming it when it refuses, and what the page reads from what is stored.
 */
import { describe, expect, it } from 'vitest';
import { SITE_CONTENT_KEYS, validateSiteContent } from '../../../domain/site-content/keys';
import { HOME_TOP_PROVIDERS, homeTopProviders } from '../../../domain/site-content/counts';
import { SITE_CONTENT_DEFAULTS } from '../../../domain/site-content/key-defaults';
import { RANKED_LIST_MAX_LIMIT } from '../../../domain/providers/list-view';

describe('home_top_providers accepts a whole number from 1 to 50', () => {
  it.each([
    ['1', '1'],
    ['10', '10'],
    [' 25 ', '25'],
    ['050', '50'],
    ['50', '50'],
  ])('%j is stored as %j', (raw, stored) => {
    expect(validateSiteContent('home_top_providers', raw)).toEqual({ ok: true, content: stored });
  });

  it.each<[unknown, string]>([
    ['abc', ': it is "abc".'],
    ['0', ': it is "0".'],
    ['51', ': it is "51".'],
    ['-3', ': it is "-3".'],
    ['2.5', ': it is "2.5".'],
    ['1e1', ': it is "1e1".'],
    ['ten', ': it is "ten".'],
    ['', ': it is empty.'],
    [12, '.'],
  ])('%j is refused with a message naming the key', (raw, detail) => {
    expect(validateSiteContent('home_top_providers', raw)).toEqual({
      ok: false,
      message: `home_top_providers must be a whole number from 1 to 50${detail}`,
    });
  });

  it('starts a new row from the default, and never asks for more than a list answers', () => {
    expect(SITE_CONTENT_DEFAULTS.home_top_providers).toBe(String(HOME_TOP_PROVIDERS.fallback));
    expect(HOME_TOP_PROVIDERS.fallback).toBe(10);
    expect(SITE_CONTENT_KEYS.home_top_providers.type.max).toBeLessThanOrEqual(
      RANKED_LIST_MAX_LIMIT,
    );
  });
});

describe('the count the home page reads', () => {
  it.each<[string | undefined, number]>([
    ['3', 3],
    ['50', 50],
    // Missing, or a value no longer valid (stored before a bound changed): the default.
    [undefined, 10],
    ['0', 10],
    ['500', 10],
    ['abc', 10],
    ['', 10],
    ['2.5', 10],
  ])('stored %j lists %d', (stored, count) => {
    expect(homeTopProviders(stored)).toBe(count);
  });
});
