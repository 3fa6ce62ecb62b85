/**
 * The editable site content (specification section 3, table site_content: key, content,
 * is_active): the keys the public pages read, what each key's content must be, and the one
 * check the back office, the HTTP route and the command share. Content is text, an e-mail
 * address, or a JSON array of cards; a key that is missing or inactive falls back to the
 * page's built-in text. Data-free and browser-safe (the admin screen validates with it).
 */
import { isSimpleEmail, normaliseEmail } from '../shared/email';
import { textProblem, type TextLines } from '../shared/text';
import { HOME_TOP_PROVIDERS, parseCount } from './counts';

/** One card of a list key (the home page's benefits, the about page's values). */
export interface ContentCard {
  title: string;
  text: string;
}

export type ContentKeyKind =
  /** `lines`: whether the text may span lines (default) or is one line (a heading). */
  | { kind: 'text'; max: number; lines?: TextLines }
  | { kind: 'email' }
  /** A whole number within the bounds (written as digits: '10'). */
  | { kind: 'count'; min: number; max: number }
  | { kind: 'cards'; min: number; max: number; titleMax: number; textMax: number };

export interface ContentKeyDefinition {
  /** What the administrator reads in the back office. */
  label: string;
  /** The public page that shows it. */
  page: string;
  /** Where it shows and what falls back when it is missing or inactive. */
  hint: string;
  type: ContentKeyKind;
}

const cards = (min: number, max: number): ContentKeyKind => ({
  kind: 'cards',
  min,
  max,
  titleMax: 60,
  textMax: 300,
});

/** Every key the site reads, in the order the back office lists them. */
export const SITE_CONTENT_KEYS = {
  hero_title: {
    label: 'Hero title',
    page: '/',
    hint: 'The home page heading (h1).',
    type: { kind: 'text', max: 120, lines: 'single' },
  },
  hero_subtitle: {
    label: 'Hero subtitle',
    page: '/',
    hint: 'The sentence under the home page heading.',
    type: { kind: 'text', max: 300, lines: 'single' },
  },
  home_top_providers: {
    label: 'Home: providers listed',
    page: '/',
    hint: 'How many featured providers the home page lists (1 to 50; without it, 10).',
    type: { kind: 'count', min: HOME_TOP_PROVIDERS.min, max: HOME_TOP_PROVIDERS.max },
  },
  benefits: {
    label: 'Benefits block',
    page: '/',
    hint: 'The home page\'s "Why compare with us" cards: 1 to 6 cards.',
    type: cards(1, 6),
  },
  about_mission: {
    label: 'About: mission',
    page: '/about',
    hint: 'The mission paragraph under the About heading.',
    type: { kind: 'text', max: 600 },
  },
  about_values: {
    label: 'About: value cards',
    page: '/about',
    hint: 'The "What we value" cards: 1 to 8 cards.',
    type: cards(1, 8),
  },
  about_offer: {
    label: 'About: what we offer',
    page: '/about',
    hint: 'The paragraph that opens "What we offer" (the list under it stays).',
    type: { kind: 'text', max: 600 },
  },
  contact_email: {
    label: 'Contact e-mail',
    page: '/contact',
    hint: 'The address the contact page shows; without it, CONTACT_EMAIL from configuration.',
    type: { kind: 'email' },
  },
  newsletter_footer: {
    label: 'Newsletter footer (postal address)',
    page: '/admin/newsletter',
    hint: 'The line at the foot of every newsletter e-mail: the postal address the law (CAN-SPAM) asks every message to carry. Without it, issues cannot be sent.',
    type: { kind: 'text', max: 300, lines: 'single' },
  },
} as const satisfies Record<string, ContentKeyDefinition>;

export type SiteContentKey = keyof typeof SITE_CONTENT_KEYS;
export const SITE_CONTENT_KEY_LIST = Object.keys(SITE_CONTENT_KEYS) as SiteContentKey[];

export function isSiteContentKey(key: unknown): key is SiteContentKey {
  return typeof key === 'string' && Object.hasOwn(SITE_CONTENT_KEYS, key);
}

export const UNKNOWN_KEY_MESSAGE = `key must be one of ${SITE_CONTENT_KEY_LIST.join(', ')}`;

/** What a key's content must be, as the messages say it. */
export function contentShape(key: SiteContentKey): string {
  const type: ContentKeyKind = SITE_CONTENT_KEYS[key].type;
  switch (type.kind) {
    case 'text':
      return `text of 1 to ${type.max} characters`;
    case 'email':
      return 'an e-mail address such as hello@example.com';
    case 'count':
      return `a whole number from ${type.min} to ${type.max}`;
    case 'cards':
      return `a JSON array of ${type.min} to ${type.max} items shaped {"title": "...", "text": "..."} (title at most ${type.titleMax} characters, text at most ${type.textMax})`;
  }
}

export type ContentCheck = { ok: true; content: string } | { ok: false; message: string };

const fail = (key: SiteContentKey, detail?: string): ContentCheck => ({
  ok: false,
  message: `${key} must be ${contentShape(key)}${detail ? `: ${detail}` : ''}.`,
});

/** One text of a card, or the problem with it. */
function cardText(item: Record<string, unknown>, field: 'title' | 'text', max: number) {
  const value = item[field];
  if (typeof value !== 'string' || value.trim() === '') return `has no "${field}" text`;
  if (value.trim().length > max) return `has a "${field}" longer than ${max} characters`;
  return null;
}

/** A card text's control characters (a title is one line, a text may span lines), or null. */
function cardTextProblem(key: SiteContentKey, item: ContentCard, index: number): string | null {
  const at = `${key} item ${index + 1}`;
  return (
    textProblem(item.title, `${at} title`, 'single') ??
    textProblem(item.text, `${at} text`, 'multi')
  );
}

const refuseControls = (message: string | null): ContentCheck | null =>
  message === null ? null : { ok: false, message };

/**
 * The content as stored (trimmed text, lowercase e-mail, compact JSON), or a message that
 * names the key and says what it must be: 'benefits must be a JSON array of 1 to 6 items
 * shaped {...}: item 2 has no "title" text.'
 */
export function validateSiteContent(key: SiteContentKey, raw: unknown): ContentCheck {
  if (typeof raw !== 'string') return fail(key);
  const type: ContentKeyKind = SITE_CONTENT_KEYS[key].type;
  const text = raw.trim();
  switch (type.kind) {
    case 'text':
      if (text === '') return fail(key, 'it is empty');
      if (text.length > type.max) return fail(key, `it has ${text.length} characters`);
      return (
        refuseControls(textProblem(text, key, type.lines ?? 'multi')) ?? {
          ok: true,
          content: text,
        }
      );
    case 'email': {
      const email = normaliseEmail(text);
      const problem = refuseControls(textProblem(email, key, 'single'));
      if (problem) return problem;
      return isSimpleEmail(email) ? { ok: true, content: email } : fail(key);
    }
    case 'count': {
      const value = parseCount(text, type);
      if (value === null) {
        return fail(key, text === '' ? 'it is empty' : `it is "${text.slice(0, 20)}"`);
      }
      return { ok: true, content: String(value) };
    }
    case 'cards': {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        return fail(key, 'this is not valid JSON');
      }
      if (!Array.isArray(parsed)) return fail(key, 'this is not an array');
      if (parsed.length < type.min || parsed.length > type.max) {
        return fail(key, `it has ${parsed.length} items`);
      }
      const out: ContentCard[] = [];
      for (const [index, item] of parsed.entries()) {
        const at = `item ${index + 1}`;
        if (typeof item !== 'object' || item === null || Array.isArray(item)) {
          return fail(key, `${at} is not an object`);
        }
        const record = item as Record<string, unknown>;
        const problem =
          cardText(record, 'title', type.titleMax) ?? cardText(record, 'text', type.textMax);
        if (problem) return fail(key, `${at} ${problem}`);
        const card = { title: String(record.title).trim(), text: String(record.text).trim() };
        const controls = refuseControls(cardTextProblem(key, card, index));
        if (controls) return controls;
        out.push(card);
      }
      return { ok: true, content: JSON.stringify(out) };
    }
  }
}

/**
 * The cards of a list key's stored content, or null (missing, or not a valid list: the page
 * then shows its built-in cards). Stored content was validated, so null means 'not set'.
 */
export function readContentCards(
  key: SiteContentKey,
  content: string | undefined,
): ContentCard[] | null {
  if (content === undefined) return null;
  const check = validateSiteContent(key, content);
  return check.ok && SITE_CONTENT_KEYS[key].type.kind === 'cards'
    ? (JSON.parse(check.content) as ContentCard[])
    : null;
}

/** A text key's stored content, or the built-in text when it is missing or empty. */
export function contentText(content: string | undefined, fallback: string): string {
  return content?.trim() || fallback;
}
