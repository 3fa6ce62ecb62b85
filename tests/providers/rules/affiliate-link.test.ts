import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  allowedVisitorParams,
  isAllowedVisitorParam,
  OUTBOUND_LINK_REL,
  OUTBOUND_LINK_TARGET,
  outboundUrl,
} from '../../../domain/providers/affiliate-link';

describe('outboundUrl keeps the visitor query and adds the affiliate tag', () => {
  it.each([
    ['no tag, no visitor query', 'https://acme.example/', '', '', 'https://acme.example/'],
    [
      'tag only',
      'https://acme.example/',
      'ref=vialcompare',
      '',
      'https://acme.example/?ref=vialcompare',
    ],
    [
      'visitor utm parameters kept',
      'https://acme.example/start',
      'ref=vialcompare',
      '?utm_source=google&utm_campaign=glp1',
      'https://acme.example/start?utm_source=google&utm_campaign=glp1&ref=vialcompare',
    ],
    [
      'tag wins on conflict',
      'https://acme.example/',
      'ref=vialcompare',
      'ref=someone-else',
      'https://acme.example/?ref=vialcompare',
    ],
    [
      'website parameters kept and win over the visitor',
      'https://acme.example/?lp=glp1',
      '?aff=42&sub=vc',
      'lp=other&gclid=abc',
      'https://acme.example/?lp=glp1&gclid=abc&aff=42&sub=vc',
    ],
    ['tag with a leading ?', 'https://acme.example', '?ref=vc', '', 'https://acme.example/?ref=vc'],
    [
      'keeps the fragment',
      'https://acme.example/#quiz',
      'ref=vc',
      'utm_source=x',
      'https://acme.example/?utm_source=x&ref=vc#quiz',
    ],
    [
      'encodes values',
      'https://acme.example/',
      'ref=a b',
      'utm_term=glp 1ü',
      'https://acme.example/?utm_term=glp+1%C3%BC&ref=a+b',
    ],
  ])('%s', (_case, website, tag, visitor, expected) => {
    expect(outboundUrl(website, tag, visitor)).toBe(expected);
  });

  it('accepts URLSearchParams for the visitor query', () => {
    expect(
      outboundUrl('https://acme.example/', 'ref=vc', new URLSearchParams({ utm_medium: 'cpc' })),
    ).toBe('https://acme.example/?utm_medium=cpc&ref=vc');
  });

  it.each(['', 'not a url', 'acme.example', '/relative/path'])(
    'returns %j unchanged instead of throwing',
    (website) => {
      expect(outboundUrl(website, 'ref=vc', 'utm_source=x')).toBe(website);
    },
  );

  it.each([
    'javascript:alert(1)',
    ' JavaScript:alert(1)',
    'data:text/html,<b>x</b>',
    'mailto:x@y.z',
  ])("turns %j into '#' so an href can never run script", (website) => {
    expect(outboundUrl(website, 'ref=vc', 'utm_source=x')).toBe('#');
  });

  it.each([
    ['vialcompare', 'https://acme.example/?ref=vialcompare'],
    ['?vialcompare', 'https://acme.example/?ref=vialcompare'],
    ['  ', 'https://acme.example/'],
    ['?', 'https://acme.example/'],
  ])('sends a bare tag %j as ref', (tag, expected) => {
    expect(outboundUrl('https://acme.example', tag, '')).toBe(expected);
  });

  it('never throws, whatever the inputs', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.string(), (website, tag, visitor) => {
        expect(typeof outboundUrl(website, tag, visitor)).toBe('string');
      }),
    );
  });
});

describe('outbound link attributes', () => {
  it('open in a new tab with no opener, marked sponsored', () => {
    expect(OUTBOUND_LINK_REL).toBe('sponsored noopener');
    expect(OUTBOUND_LINK_TARGET).toBe('_blank');
  });
});

describe('which visitor parameters travel on to the provider', () => {
  it.each([
    ['utm_source', 'google', true],
    ['utm_medium', 'cpc', true],
    ['utm_campaign', 'glp1', true],
    ['utm_term', 'semaglutide', true],
    ['utm_content', 'card', true],
    ['utm_id', '42', true],
    ['gclid', 'abc', true],
    ['fbclid', 'abc', true],
    ['msclkid', 'abc', true],
    ['sort', 'price', false],
    ['medication', 'tirzepatide', false],
    ['weight', '95', false],
    ['height', '180', false],
    ['ref', 'someone-else', false],
    ['UTM_SOURCE', 'google', false],
    ['utm_source', 'x'.repeat(201), false],
  ])('%s=%s: allowed %s', (key, value, allowed) => {
    expect(isAllowedVisitorParam(key, value)).toBe(allowed);
    const url = outboundUrl(
      'https://acme.example/',
      'ref=vc',
      new URLSearchParams({ [key]: value }),
    );
    expect(new URL(url).searchParams.has(key === 'ref' ? 'nothing' : key)).toBe(allowed);
    expect(new URL(url).searchParams.getAll('ref')).toEqual(['vc']);
  });

  it('keeps the first value of a repeated parameter and drops the rest of the query', () => {
    expect(
      allowedVisitorParams('utm_source=a&utm_source=b&weight=95&utm_medium=cpc').toString(),
    ).toBe('utm_source=a&utm_medium=cpc');
  });
});
