import { describe, expect, it } from 'vitest';
import * as rules from '../../../domain/rules';

describe('domain/rules index', () => {
  it.each([
    'computeVialScore',
    'vialScoreBand',
    'buildProviderCards',
    'startingPrice',
    'medicationLabel',
    'rankingScore',
    'featuredOnly',
    'titrationCost',
    'calculateDosage',
    'calculateCost',
    'calculateBmi',
    'outboundUrl',
    'slugify',
    'readTimeMinutes',
    'validateSubscriberEmail',
    'validateProviderSubmission',
    'buildRedditSearchUrl',
    'mapRedditListing',
  ])('re-exports %s', (name) => {
    expect(typeof (rules as Record<string, unknown>)[name]).toBe('function');
  });
});
