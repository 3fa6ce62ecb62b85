/**
 * The weekly issue's composition, one row per kind of week: what each produces (sections in
 * their fixed order, each line as the reader sees it), and null for a week with nothing in it.
 * Then the change log's price lines read as moves (first before, last after in the week).
 */
import { describe, expect, it } from 'vitest';
import {
  composeWeeklyIssue,
  monthlyUsd,
  priceMovesFromChangeLog,
  type PriceMove,
  type WeekFacts,
} from '../../../domain/newsletter/compose';

const FROM = '2026-11-16T08:00:00.000Z';
const TO = '2026-11-23T08:00:00.000Z';
const SITE = 'https://vial.example';
const quiet: WeekFacts = {
  from: FROM,
  to: TO,
  siteUrl: SITE,
  posts: [],
  providersListed: [],
  priceMoves: [],
  discountCodes: [],
  scoreChanges: [],
};
const move = (over: Partial<PriceMove>): PriceMove => ({
  providerName: 'Hims',
  providerSlug: 'hims',
  medication: 'semaglutide',
  label: 'Semaglutide 2.5 mg',
  before: 299,
  after: 249,
  checkedAt: '2026-11-20T10:00:00.000Z',
  ...over,
});
const post = {
  title: 'What a vial holds',
  slug: 'what-a-vial-holds',
  excerpt: 'Milligrams and millilitres.',
  publishedAt: '2026-11-18T09:00:00.000Z',
};
const drop = move({});
const rise = move({ providerName: 'Ro', providerSlug: 'ro', before: 199, after: 229 });
const tirzepatideDrop = move({
  providerName: 'Ro',
  providerSlug: 'ro',
  medication: 'tirzepatide',
  label: 'Tirzepatide 5 mg',
  before: 449,
  after: 399,
});
const listed = { name: 'Mochi', slug: 'mochi', listedAt: '2026-11-17T12:00:00.000Z' };
const score = {
  providerName: 'Hims',
  providerSlug: 'hims',
  before: 4.1,
  after: 4.3,
  month: '2026-11',
  at: '2026-11-19T00:00:00.000Z',
};
const code = {
  providerName: 'Ro',
  providerSlug: 'ro',
  code: 'SAVE20',
  at: '2026-11-19T00:00:00.000Z',
};

const lines = (facts: WeekFacts) =>
  composeWeeklyIssue(facts)?.sections.map((s) => [s.kind, s.title, s.items.map((i) => i.line)]);

describe('each kind of week', () => {
  it.each<[string, Partial<WeekFacts>, unknown]>([
    ['a quiet week', {}, undefined],
    [
      'things outside the period only',
      {
        posts: [{ ...post, publishedAt: TO }],
        providersListed: [{ ...listed, listedAt: '2026-11-01T00:00:00.000Z' }],
      },
      undefined,
    ],
    ['posts only', { posts: [post] }, [['posts', 'New on the blog', ['What a vial holds']]]],
    [
      'prices only, drops',
      { priceMoves: [drop, tirzepatideDrop] },
      [
        [
          'price-drops',
          'Price drops: Semaglutide',
          ['Hims — Semaglutide 2.5 mg: $299 → $249 (checked Nov 20, 2026)'],
        ],
        [
          'price-drops',
          'Price drops: Tirzepatide',
          ['Ro — Tirzepatide 5 mg: $449 → $399 (checked Nov 20, 2026)'],
        ],
      ],
    ],
    [
      'rises and drops (drops first)',
      { priceMoves: [rise, drop] },
      [
        [
          'price-drops',
          'Price drops: Semaglutide',
          ['Hims — Semaglutide 2.5 mg: $299 → $249 (checked Nov 20, 2026)'],
        ],
        [
          'price-rises',
          'Price rises: Semaglutide',
          ['Ro — Semaglutide 2.5 mg: $199 → $229 (checked Nov 20, 2026)'],
        ],
      ],
    ],
    [
      'a new provider',
      { providersListed: [listed] },
      [['providers', 'New providers', ['Mochi — listed Nov 17, 2026']]],
    ],
    [
      'a score change',
      { scoreChanges: [score] },
      [['scores', 'Vial Score changes', ['Hims — Vial Score 4.1 → 4.3 out of 5 (November 2026)']]],
    ],
    [
      'everything, in the fixed order',
      {
        posts: [post],
        providersListed: [listed],
        priceMoves: [rise, drop],
        discountCodes: [code],
        scoreChanges: [score],
      },
      [
        ['providers', 'New providers', ['Mochi — listed Nov 17, 2026']],
        [
          'price-drops',
          'Price drops: Semaglutide',
          ['Hims — Semaglutide 2.5 mg: $299 → $249 (checked Nov 20, 2026)'],
        ],
        [
          'price-rises',
          'Price rises: Semaglutide',
          ['Ro — Semaglutide 2.5 mg: $199 → $229 (checked Nov 20, 2026)'],
        ],
        ['discount-codes', 'New discount codes', ['Ro — code SAVE20 (entered Nov 19, 2026)']],
        ['scores', 'Vial Score changes', ['Hims — Vial Score 4.1 → 4.3 out of 5 (November 2026)']],
        ['posts', 'New on the blog', ['What a vial holds']],
      ],
    ],
  ])('%s', (_, week, expected) => {
    expect(lines({ ...quiet, ...week })).toEqual(expected);
  });
});

describe('the composed issue', () => {
  const issue = composeWeeklyIssue({
    ...quiet,
    posts: [post],
    priceMoves: [drop, rise],
    providersListed: [listed],
  });
  it('says the counts in the subject and preheader, with the period', () => {
    expect(issue?.subject).toBe(
      'Nov 16 to Nov 23, 2026: 1 new provider, 1 price drop, 1 price rise, 1 new post',
    );
    expect(issue?.preheader).toBe(
      'Recorded on the site this week: 1 new provider, 1 price drop, 1 price rise, 1 new post',
    );
  });
  it('links each provider and post absolutely, text escaped', () => {
    const html = composeWeeklyIssue({
      ...quiet,
      priceMoves: [move({ providerName: 'A & <B>', providerSlug: 'a-b' })],
      posts: [post],
    })?.bodyHtml;
    expect(html).toContain(
      '<li><a href="https://vial.example/providers/a-b">A &amp; &lt;B&gt;</a> — Semaglutide 2.5 mg: $299 → $249 (checked Nov 20, 2026)</li>',
    );
    expect(html).toContain(
      '<a href="https://vial.example/blog/what-a-vial-holds">What a vial holds</a><br>Milligrams and millilitres.',
    );
  });
  it('keeps the subject within 150 characters', () => {
    const many = composeWeeklyIssue({
      ...quiet,
      posts: [post],
      priceMoves: [rise, drop],
      providersListed: [listed],
      discountCodes: [code],
      scoreChanges: [score],
    });
    expect(many?.subject.length).toBeLessThanOrEqual(150);
  });
});

describe('price moves from the change log', () => {
  const providers = new Map([
    ['p1', { name: 'Hims', slug: 'hims' }],
    ['p2', { name: 'Ro', slug: 'ro' }],
  ]);
  const entry = (
    providerId: string,
    date: string,
    changes: { label: string; before: string | null; after: string }[],
    kind = 'prices',
  ) => ({ providerId, date, kind, revision: 1, changes });

  it.each<[string, string | null, number | null]>([
    ['$299/mo', null, 299],
    ['$1,299/mo', null, 1299],
    ['$12.50/mo', null, 12.5],
    ['none', null, null],
    ['$299 for 3 months', null, null],
    ['$1,299', null, null],
  ])('reads %s as a monthly price', (text, _, usd) => {
    expect(monthlyUsd(text)).toBe(usd);
  });

  it('joins two changes of one dose, skips added doses, other providers and other weeks', () => {
    const moves = priceMovesFromChangeLog(
      [
        entry('p1', '2026-11-17T00:00:00.000Z', [
          { label: 'Semaglutide 2.5 mg', before: '$299/mo', after: '$279/mo' },
          { label: 'Semaglutide 5 mg', before: 'none', after: '$349/mo' },
        ]),
        entry('p1', '2026-11-20T00:00:00.000Z', [
          { label: 'Semaglutide 2.5 mg', before: '$279/mo', after: '$249/mo' },
        ]),
        entry(
          'p2',
          '2026-11-19T00:00:00.000Z',
          [
            {
              label: 'Tirzepatide, compounded injection 5 mg',
              before: '$399/mo',
              after: '$419/mo',
            },
          ],
          'offers',
        ),
        entry('p2', '2026-11-10T00:00:00.000Z', [
          { label: 'Tirzepatide 5 mg', before: '$499/mo', after: '$399/mo' },
        ]),
        entry('gone', '2026-11-18T00:00:00.000Z', [
          { label: 'Semaglutide 2.5 mg', before: '$1/mo', after: '$2/mo' },
        ]),
        entry(
          'p1',
          '2026-11-18T00:00:00.000Z',
          [{ label: 'Membership fee', before: '$10/mo', after: '$20/mo' }],
          'fees',
        ),
      ],
      providers,
      FROM,
      TO,
    );
    expect(moves).toEqual([
      move({ checkedAt: '2026-11-20T00:00:00.000Z' }),
      move({
        providerName: 'Ro',
        providerSlug: 'ro',
        medication: 'tirzepatide',
        label: 'Tirzepatide, compounded injection 5 mg',
        before: 399,
        after: 419,
        checkedAt: '2026-11-19T00:00:00.000Z',
      }),
    ]);
  });

  it('drops a dose back where it started', () => {
    const moves = priceMovesFromChangeLog(
      [
        entry('p1', '2026-11-17T00:00:00.000Z', [
          { label: 'Semaglutide 2.5 mg', before: '$299/mo', after: '$249/mo' },
        ]),
        entry('p1', '2026-11-18T00:00:00.000Z', [
          { label: 'Semaglutide 2.5 mg', before: '$249/mo', after: '$299/mo' },
        ]),
      ],
      providers,
      FROM,
      TO,
    );
    expect(moves).toEqual([]);
  });
});
