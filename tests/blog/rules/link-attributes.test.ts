/**
 * The link rule of post and issue HTML (domain/blog/link-attributes.ts), as a table: where a
 * link points × the author's choices in the link dialog → the target and rel it is saved and
 * rendered with. Links to the site's own pages are never sponsored or nofollow; a new tab gets
 * noopener (and noreferrer when it leaves the site); an e-mail link carries neither.
 */
import { describe, expect, it } from 'vitest';
import {
  LINK_MESSAGES,
  applicableChoices,
  linkAddressProblem,
  linkAttributes,
  linkChoices,
  linkKind,
} from '../../../domain/blog/link-attributes';

const SITE = 'https://vialcompare.example';
const INTERNAL = 'https://vialcompare.example/cost';
const RELATIVE = '/blog/semaglutide-week-by-week';
const EXTERNAL = 'https://clinic.example/offer';
const MAILTO = 'mailto:hello@vialcompare.example';

const off = null;
describe('linkAttributes: address × new tab × sponsored × nofollow → target, rel', () => {
  it.each([
    // address   newTab  sponsored nofollow   target     rel
    [INTERNAL, false, false, false, off, off],
    [INTERNAL, false, true, false, off, off],
    [INTERNAL, false, false, true, off, off],
    [INTERNAL, false, true, true, off, off],
    [INTERNAL, true, false, false, '_blank', 'noopener'],
    [INTERNAL, true, true, false, '_blank', 'noopener'],
    [INTERNAL, true, false, true, '_blank', 'noopener'],
    [INTERNAL, true, true, true, '_blank', 'noopener'],
    [RELATIVE, false, false, false, off, off],
    [RELATIVE, false, true, false, off, off],
    [RELATIVE, false, false, true, off, off],
    [RELATIVE, false, true, true, off, off],
    [RELATIVE, true, false, false, '_blank', 'noopener'],
    [RELATIVE, true, true, false, '_blank', 'noopener'],
    [RELATIVE, true, false, true, '_blank', 'noopener'],
    [RELATIVE, true, true, true, '_blank', 'noopener'],
    [EXTERNAL, false, false, false, off, off],
    [EXTERNAL, false, true, false, off, 'sponsored'],
    [EXTERNAL, false, false, true, off, 'nofollow'],
    [EXTERNAL, false, true, true, off, 'sponsored nofollow'],
    [EXTERNAL, true, false, false, '_blank', 'noopener noreferrer'],
    [EXTERNAL, true, true, false, '_blank', 'noopener noreferrer sponsored'],
    [EXTERNAL, true, false, true, '_blank', 'noopener noreferrer nofollow'],
    [EXTERNAL, true, true, true, '_blank', 'noopener noreferrer sponsored nofollow'],
    [MAILTO, false, false, false, off, off],
    [MAILTO, false, true, false, off, off],
    [MAILTO, false, false, true, off, off],
    [MAILTO, false, true, true, off, off],
    [MAILTO, true, false, false, off, off],
    [MAILTO, true, true, false, off, off],
    [MAILTO, true, false, true, off, off],
    [MAILTO, true, true, true, off, off],
  ] as const)(
    '%s, new tab %s, sponsored %s, nofollow %s → target %s, rel %s',
    (href, newTab, sponsored, nofollow, target, rel) => {
      expect(linkAttributes(href, { newTab, sponsored, nofollow }, SITE)).toEqual({ target, rel });
    },
  );

  it('keeps a pasted ugc on an external link only, after sponsored and nofollow', () => {
    const choices = { newTab: false, sponsored: false, nofollow: true, ugc: true };
    expect(linkAttributes(EXTERNAL, choices, SITE).rel).toBe('nofollow ugc');
    expect(linkAttributes(RELATIVE, choices, SITE).rel).toBeNull();
  });

  it('without the site origin, only relative addresses are internal', () => {
    const choices = { newTab: false, sponsored: false, nofollow: true };
    expect(linkAttributes(INTERNAL, choices).rel).toBe('nofollow');
    expect(linkAttributes(RELATIVE, choices).rel).toBeNull();
  });
});

describe('linkKind: where an address points', () => {
  it.each([
    [INTERNAL, 'internal'],
    ['HTTP://VIALCOMPARE.EXAMPLE/blog', 'internal'],
    [RELATIVE, 'internal'],
    ['#sources', 'internal'],
    ['?page=2', 'internal'],
    [EXTERNAL, 'external'],
    ['https://vialcompare.example.evil.test/', 'external'],
    ['https://vialcompare.example:8443/', 'external'],
    [MAILTO, 'email'],
    ['//evil.test/x', null],
    ['/\\evil.test/x', null],
    ['javascript:alert(1)', null],
    ['data:text/html,x', null],
    ['tel:+15551234567', null],
    ['', null],
  ] as const)('%j → %s', (href, kind) => {
    expect(linkKind(href, SITE)).toBe(kind);
  });
});

describe('linkAddressProblem: what the dialog accepts', () => {
  it.each([
    [EXTERNAL, null],
    [RELATIVE, null],
    ['#sources', null],
    [MAILTO, null],
    ['  https://clinic.example  ', null],
    ['clinic.example', LINK_MESSAGES.invalid],
    ['https://', LINK_MESSAGES.invalid],
    ['https://clinic .example', LINK_MESSAGES.invalid],
    ['//evil.test', LINK_MESSAGES.invalid],
    ['javascript:alert(1)', LINK_MESSAGES.invalid],
    ['', LINK_MESSAGES.invalid],
  ] as const)('%j → %j', (href, problem) => {
    expect(linkAddressProblem(href)).toBe(problem);
  });
});

describe('applicableChoices: what the dialog lets the author choose', () => {
  it.each([
    ['internal', { newTab: true, sponsoredOrNofollow: false }],
    ['external', { newTab: true, sponsoredOrNofollow: true }],
    ['email', { newTab: false, sponsoredOrNofollow: false }],
    [null, { newTab: false, sponsoredOrNofollow: false }],
  ] as const)('%s → %j', (kind, applies) => {
    expect(applicableChoices(kind)).toEqual(applies);
  });
});

describe('linkChoices: an existing link read back into the dialog', () => {
  it.each([
    [{}, { newTab: false, sponsored: false, nofollow: false, ugc: false }],
    [
      { target: '_blank', rel: 'noopener noreferrer nofollow' },
      { newTab: true, sponsored: false, nofollow: true, ugc: false },
    ],
    [
      { target: '_BLANK', rel: 'Sponsored UGC' },
      { newTab: true, sponsored: true, nofollow: false, ugc: true },
    ],
    [
      { target: '_self', rel: null },
      { newTab: false, sponsored: false, nofollow: false, ugc: false },
    ],
  ])('%j → %j', (attributes, choices) => {
    expect(linkChoices(attributes)).toEqual(choices);
  });

  it('round-trips: the attributes of a link read back give the same attributes', () => {
    const once = linkAttributes(EXTERNAL, { newTab: true, sponsored: true, nofollow: true }, SITE);
    expect(linkAttributes(EXTERNAL, linkChoices(once), SITE)).toEqual(once);
  });
});
