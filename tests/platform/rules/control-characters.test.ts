/**
 * Control characters in typed text, at the command bus (issue 23): every command that stores
 * text refuses a NUL, BEL, ESC, a right-to-left override, a lone surrogate or a line break in
 * a single-line field with a message naming the field, accepts line breaks in multi-line
 * fields, and writes nothing when it refuses.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { appCommandBus, type AppCommand } from '../../../workers/bootstrap/composition';
import { CommandValidationError } from '../../../commands/errors';
import { SqliteEventStore } from '../../../commands/event-store/sqlite';
import { escapeXml } from '../../../api/blog/rss';
import { sanitizePostHtml } from '../../../domain/blog/html';
import { providerEventSchemas } from '../../../domain/providers/events';
import type { Actor } from '../../../domain/shared/envelope';

const ADMIN: Actor = { kind: 'admin', id: 'a-1', email: 'ops@example.com' };
const CTX = { actor: ADMIN, correlationId: 'req-1' };

const stores: SqliteEventStore[] = [];
afterEach(async () => {
  await Promise.all(stores.splice(0).map((s) => s.close()));
});

function bus() {
  const store = new SqliteEventStore(':memory:');
  stores.push(store);
  let n = 0;
  return appCommandBus(store, { newId: () => `id-${++n}` });
}

/** A valid command of each kind, with one text field set to `value`. */
type Build = (value: string) => AppCommand;

const provider =
  (field: string): Build =>
  (value) => {
    const details: Record<string, unknown> = {
      name: 'Acme Health',
      websiteUrl: 'https://acme.example',
    };
    const [top, sub] = field.split('.');
    if (top === 'card' && sub) details.card = { [sub]: sub === 'features' ? [value] : value };
    else details[field] = value;
    return { type: 'ListProvider', details } as AppCommand;
  };

const post =
  (field: string): Build =>
  (value) =>
    ({
      type: 'CreatePost',
      post: { title: 'A post', content: '<p>Hello</p>', [field]: value },
    }) as AppCommand;

const keyword =
  (field: string): Build =>
  (value) =>
    ({
      type: 'CreateKeyword',
      fields: { keyword: 'glp-1 cost', [field]: value },
      position: 0,
    }) as AppCommand;

const submission =
  (field: string): Build =>
  (value) =>
    ({
      type: 'SubmitProvider',
      form: {
        providerName: 'Northwind',
        website: 'https://northwind.example',
        contactEmail: 'hi@northwind.example',
        agreedToTerms: true,
        [field]: value,
      },
    }) as AppCommand;

const contact =
  (field: string): Build =>
  (value) =>
    ({
      type: 'SendContactMessage',
      name: 'Ann Lee',
      email: 'ann@example.com',
      topic: 'other',
      message: 'A message long enough.',
      [field]: value,
    }) as AppCommand;

const seo =
  (field: string): Build =>
  (value) =>
    ({
      type: 'SaveSeoOverride',
      path: '/about',
      metaTitle: 'About us',
      [field]: value,
    }) as AppCommand;

const content =
  (key: string): Build =>
  (value) =>
    ({ type: 'SetSiteContent', key, content: value }) as AppCommand;

const cards =
  (field: 'title' | 'text'): Build =>
  (value) =>
    ({
      type: 'SetSiteContent',
      key: 'benefits',
      content: JSON.stringify([{ title: 'Clear prices', text: 'Every price.', [field]: value }]),
    }) as AppCommand;

const prices: Build = (label) =>
  ({
    type: 'ListProvider',
    details: { name: 'Acme Health', websiteUrl: 'https://acme.example' },
    prices: { semaglutide: { [label]: 199 }, tirzepatide: {} },
  }) as AppCommand;

/** [command, the field's path in the 400, its label in messages, how text is put in]. */
type Field = [
  when: string,
  build: Build,
  path: string,
  label: string,
  wrap?: (c: string) => string,
];

const inText = (c: string) => `Acme${c}Health`;
const inUrl = (c: string) => `https://acme.example/a${c}b`;
const inEmail = (c: string) => `ann${c}@example.com`;

const singleLineFields: Field[] = [
  ['ListProvider name', provider('name'), 'details.name', 'Name'],
  ['ListProvider website', provider('websiteUrl'), 'details.websiteUrl', 'Website', inUrl],
  ['ListProvider discount code', provider('discountCode'), 'details.discountCode', 'Discount code'],
  ['ListProvider affiliate tag', provider('affiliateTag'), 'details.affiliateTag', 'Affiliate tag'],
  ['ListProvider feature', provider('card.features'), 'details.card.features.0', 'Feature'],
  ['ListProvider logo URL', provider('card.logoUrl'), 'details.card.logoUrl', 'Logo URL', inUrl],
  [
    'ListProvider logo background',
    provider('card.logoBackground'),
    'details.card.logoBackground',
    'Logo background',
  ],
  ['ListProvider badge text', provider('card.badgeText'), 'details.card.badgeText', 'Badge text'],
  [
    'ListProvider badge color',
    provider('card.badgeColor'),
    'details.card.badgeColor',
    'Badge color',
  ],
  [
    'ListProvider offer title',
    provider('card.offerTitle'),
    'details.card.offerTitle',
    'Offer title',
  ],
  ['ListProvider offer code', provider('card.offerCode'), 'details.card.offerCode', 'Offer code'],
  [
    'ListProvider rating label',
    provider('card.ratingLabel'),
    'details.card.ratingLabel',
    'Rating label',
  ],
  ['ListProvider button text', provider('card.ctaText'), 'details.card.ctaText', 'Button text'],
  ['ListProvider dose label', prices, 'prices.semaglutide', 'Dose label', (c) => `0.25${c}mg`],
  ['CreatePost title', post('title'), 'post.title', 'Title'],
  ['CreatePost slug', post('slug'), 'post.slug', 'Slug', (c) => `a${c}post`],
  ['CreatePost author', post('authorName'), 'post.authorName', 'Author name'],
  ['CreatePost meta title', post('metaTitle'), 'post.metaTitle', 'Meta title'],
  [
    'CreatePost meta description',
    post('metaDescription'),
    'post.metaDescription',
    'Meta description',
  ],
  ['CreatePost meta keywords', post('metaKeywords'), 'post.metaKeywords', 'Meta keywords'],
  [
    'CreatePost image URL',
    post('featuredImageUrl'),
    'post.featuredImageUrl',
    'Featured image URL',
    inUrl,
  ],
  ['CreatePost canonical URL', post('canonicalUrl'), 'post.canonicalUrl', 'Canonical URL', inUrl],
  [
    'CreatePost social image URL',
    post('ogImageOverride'),
    'post.ogImageOverride',
    'Social image URL',
    inUrl,
  ],
  ['CreateKeyword keyword', keyword('keyword'), 'fields.keyword', 'Keyword'],
  ['CreateKeyword category', keyword('category'), 'fields.category', 'Category'],
  ['SubmitProvider provider name', submission('providerName'), 'providerName', 'Provider name'],
  ['SubmitProvider website', submission('website'), 'website', 'Website', inUrl],
  [
    'SubmitProvider contact email',
    submission('contactEmail'),
    'contactEmail',
    'Contact email',
    inEmail,
  ],
  ['SubmitProvider phone', submission('phoneNumber'), 'phoneNumber', 'Phone number'],
  ['SubmitProvider your name', submission('submitterName'), 'submitterName', 'Your name'],
  [
    'SubmitProvider your email',
    submission('submitterEmail'),
    'submitterEmail',
    'Your email',
    inEmail,
  ],
  ['SubmitProvider your role', submission('submitterRole'), 'submitterRole', 'Your role'],
  ['SendContactMessage name', contact('name'), 'name', 'Name'],
  ['SendContactMessage email', contact('email'), 'email', 'Email', inEmail],
  ['SaveSeoOverride metaTitle', seo('metaTitle'), 'metaTitle', 'metaTitle'],
  ['SaveSeoOverride metaDescription', seo('metaDescription'), 'metaDescription', 'metaDescription'],
  ['SaveSeoOverride metaKeywords', seo('metaKeywords'), 'metaKeywords', 'metaKeywords'],
  ['SaveSeoOverride canonicalUrl', seo('canonicalUrl'), 'canonicalUrl', 'canonicalUrl', inUrl],
  ['SaveSeoOverride ogImageUrl', seo('ogImageUrl'), 'ogImageUrl', 'ogImageUrl', inUrl],
  ['SetSiteContent hero_title', content('hero_title'), 'content', 'hero_title'],
  ['SetSiteContent hero_subtitle', content('hero_subtitle'), 'content', 'hero_subtitle'],
  ['SetSiteContent card title', cards('title'), 'content', 'benefits item 1 title'],
];

const multiLineFields: Field[] = [
  ['ListProvider description', provider('description'), 'details.description', 'Description'],
  ['CreatePost excerpt', post('excerpt'), 'post.excerpt', 'Excerpt'],
  ['CreateKeyword note', keyword('note'), 'fields.note', 'Note'],
  ['SubmitProvider description', submission('description'), 'description', 'Description'],
  ['SubmitProvider pricing', submission('pricing'), 'pricing', 'Pricing'],
  [
    'SubmitProvider additional info',
    submission('additionalInfo'),
    'additionalInfo',
    'Additional information',
  ],
  ['SendContactMessage message', contact('message'), 'message', 'Message'],
  ['SetSiteContent about_mission', content('about_mission'), 'content', 'about_mission'],
  ['SetSiteContent card text', cards('text'), 'content', 'benefits item 1 text'],
];

const controls: [name: string, char: string][] = [
  ['NUL', '\u0000'],
  ['BEL', '\u0007'],
  ['ESC', '\u001b'],
  ['DEL', '\u007f'],
  ['a C1 control (U+0085)', '\u0085'],
  ['a right-to-left override (U+202E)', '\u202e'],
  ['a left-to-right embedding (U+202A)', '\u202a'],
  ['a first-strong isolate (U+2068)', '\u2068'],
  ['a lone surrogate', '\ud800'],
];
const lineBreaks: [name: string, char: string][] = [
  ['LF', '\n'],
  ['CR LF', '\r\n'],
  ['CR', '\r'],
  ['a line separator (U+2028)', '\u2028'],
];

async function refusal(command: AppCommand): Promise<CommandValidationError> {
  const b = bus();
  const before = await b.eventStore.headPosition();
  const error: unknown = await b.dispatch(command, CTX).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CommandValidationError);
  expect(await b.eventStore.headPosition()).toBe(before);
  return error as CommandValidationError;
}

const put = (field: Field, char: string) => field[1]((field[4] ?? inText)(char));

describe('a single-line field', () => {
  describe.each(singleLineFields)('%s', (...field) => {
    const [, , path, label] = field;
    it.each(controls)('refuses %s, naming the field', async (_, char) => {
      const error = await refusal(put(field, char));
      expect(error.fields[path]).toBe(`${label} contains a control character`);
    });
    it.each(lineBreaks)('refuses %s: it must be a single line', async (_, char) => {
      const error = await refusal(put(field, char));
      expect(error.fields[path]).toBe(`${label} must be a single line`);
    });
    it('refuses a tab as a control character', async () => {
      const error = await refusal(put(field, '\t'));
      expect(error.fields[path]).toBe(`${label} contains a control character`);
    });
    it('accepts the text without it, and an emoji (a surrogate pair)', async () => {
      await expect(bus().dispatch(put(field, ''), CTX)).resolves.toBeDefined();
      await expect(bus().dispatch(put(field, '\u{1f600}'), CTX)).resolves.toBeDefined();
    });
  });
});

describe('a multi-line field', () => {
  describe.each(multiLineFields)('%s', (...field) => {
    const [, , path, label] = field;
    const text = (char: string) => field[1](`A first line,${char}then a second one.`);
    it.each(controls)('refuses %s, naming the field', async (_, char) => {
      const error = await refusal(text(char));
      expect(error.fields[path]).toBe(`${label} contains a control character`);
    });
    it.each([
      ['LF', '\n'],
      ['CR LF', '\r\n'],
      ['a tab', '\t'],
    ])('accepts %s', async (_, char) => {
      await expect(bus().dispatch(text(char), CTX)).resolves.toBeDefined();
    });
  });
});

describe('a rejection reason (multi-line, on an existing submission)', () => {
  const reject = (reason: string) =>
    ({ type: 'RejectSubmission', submissionId: 's-1', reason }) as AppCommand;
  it.each(controls)('refuses %s, naming the field', async (_, char) => {
    const error = await refusal(reject(`Not a${char} provider`));
    expect(error.fields.reason).toBe('Reason contains a control character');
  });
  it('accepts line breaks', async () => {
    const b = bus();
    await b.dispatch({ ...submission('description')(''), submissionId: 's-1' } as AppCommand, CTX);
    await expect(
      b.dispatch(reject('Not a GLP-1 provider.\nSee the site.'), CTX),
    ).resolves.toBeDefined();
  });
});

describe('rich text (a post body) is never refused for them: they are dropped', () => {
  it.each([...controls, ['an escaped ESC', '&#x1b;'], ['an escaped override', '&#x202E;']])(
    'drops %s',
    async (_, char) => {
      const b = bus();
      await b.dispatch(
        {
          type: 'CreatePost',
          postId: 'p-1',
          post: { title: 'A post', content: `<p>Hel${char}lo</p>` },
        } as AppCommand,
        CTX,
      );
      const events = await b.eventStore.readStream('post-p-1');
      const data = events[0]?.data as { content: string };
      expect(data.content).toBe('<p>Hello</p>');
    },
  );
});

describe('sanitizePostHtml drops control characters, wherever and however they are written', () => {
  it.each([
    ['raw NUL in text', '<p>Hel\u0000lo</p>', '<p>Hello</p>'],
    ['an escaped override in text', '<p>Hel&#x202E;lo</p>', '<p>Hello</p>'],
    ['an escaped ESC in text', '<p>Hel&#27;lo</p>', '<p>Hello</p>'],
    [
      'a raw isolate in an attribute',
      '<img src="https://a.example/i.png" alt="a\u2066b">',
      '<img src="https://a.example/i.png" alt="ab" loading="lazy" />',
    ],
    [
      'an escaped override in an attribute',
      '<a href="/about" title="a&#x202E;b">x</a>',
      '<a href="/about" title="ab">x</a>',
    ],
    // Dropped before the scheme check, so the override cannot smuggle a javascript: link.
    [
      'an override inside a javascript: scheme',
      '<a href="java&#x202E;script:alert(1)">x</a>',
      '<a>x</a>',
    ],
    ['line breaks and tabs (kept)', '<p>a\n\tb\r\nc</p>', '<p>a\n\tb\r\nc</p>'],
  ])('%s', (_, html, expected) => {
    expect(sanitizePostHtml(html)).toBe(expected);
  });
});

describe('text already stored keeps being served safely (events older than the refusal)', () => {
  it('the RSS feed drops control characters from a stored excerpt', () => {
    expect(escapeXml('Fish & chips \u0001 control')).toBe('Fish &amp; chips  control');
  });
  it('an event with a control character in the details is still accepted by its schema', () => {
    const listed = providerEventSchemas.ProviderRestored.safeParse({
      providerId: 'p-1',
      details: {
        name: 'Acme\u0000Health',
        websiteUrl: 'https://acme.example',
        card: { features: ['a\u202eb'] },
      },
      prices: { semaglutide: { '0.25\u0007mg': 199 }, tirzepatide: {} },
    });
    expect(listed.success).toBe(true);
  });
});
