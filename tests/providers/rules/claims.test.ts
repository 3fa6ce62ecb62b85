/**
 * Wording the FDA's warning letters cite for compounded medication
 * (domain/providers/claims.ts): found case-insensitively, as whole words.
 */
import { describe, expect, it } from 'vitest';
import {
  claimWarningMessage,
  compoundedClaimWarnings,
  RETIRED_FEATURE_SUGGESTIONS,
  safeFeatureSuggestions,
} from '../../../domain/providers/claims';
import { SUGGESTED_FEATURES } from '../../../domain/providers/provider-card';

describe('compoundedClaimWarnings', () => {
  it.each<[string, string[]]>([
    ['Same Ingredient as Ozempic®, Wegovy®, & Zepbound', ['same ingredient']],
    ['The same active ingredient as Wegovy', ['same ingredient']],
    ['Works the same as Mounjaro', ['same as']],
    ['SAME AS the brand, but generic', ['same as', 'generic']],
    ['Generics cost less', ['generic']],
    ['FDA-approved medication', ['FDA-approved']],
    ['fda approved pharmacy', ['FDA-approved']],
    ['FDA approved and clinically proven', ['FDA-approved', 'clinically proven']],
    ['Clinically-proven results', ['clinically proven']],
    ['Free 2-Minute Quiz – No Insurance Needed', []],
    ['Prescribed & Shipped Within 48 Hours', []],
    ['Ships from a 503A pharmacy', []],
    ['Genericon is not a word we flag', []],
    ['The same day shipping', []],
    ['', []],
  ])('%j -> %j', (text, phrases) => {
    expect(compoundedClaimWarnings(text)).toEqual(phrases);
  });
});

describe('claimWarningMessage', () => {
  it('names the phrases and why', () => {
    expect(claimWarningMessage(['same as', 'generic'])).toBe(
      "'same as', 'generic': the FDA cites such wording in warning letters about compounded medication. Do not use it for a compounded offer.",
    );
  });

  it('is null when nothing was found', () => {
    expect(claimWarningMessage([])).toBeNull();
  });
});

describe('feature suggestions', () => {
  it('retires the one the warning letters cite', () => {
    expect(RETIRED_FEATURE_SUGGESTIONS).toEqual([
      'Same Ingredient as Ozempic®, Wegovy®, & Zepbound',
    ]);
    expect(RETIRED_FEATURE_SUGGESTIONS.every((s) => compoundedClaimWarnings(s).length > 0)).toBe(
      true,
    );
  });

  it('keeps the others of the suggestions offered today', () => {
    expect(safeFeatureSuggestions(SUGGESTED_FEATURES)).toEqual([
      'Free 2-Minute Quiz – No Insurance Needed',
      'Prescribed & Shipped Within 48 Hours',
    ]);
  });
});
