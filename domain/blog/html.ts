/**
 * The one HTML allowlist of blog content (spec section 5: content allows HTML). Applied when a
 * post is saved (commands/) and again when it is rendered (the public read), with
 * sanitize-html. Tag stripping for read time and excerpts reads HTML with the same parser.
 */
import sanitizeHtml from 'sanitize-html';
import { stripControlCharacters } from '../shared/text';

export const ALLOWED_TAGS = [
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'p',
  'br',
  'hr',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'sub',
  'sup',
  'mark',
  'small',
  'ul',
  'ol',
  'li',
  'a',
  'img',
  'figure',
  'figcaption',
  'blockquote',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'caption',
  'code',
  'pre',
] as const;

/** The page's h1 is the post title: an h1 in the body becomes an h2 (one h1 per page). */
const POST_HTML: sanitizeHtml.IOptions = {
  allowedTags: [...ALLOWED_TAGS],
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'target'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Control characters are dropped, never refused (see sanitizePostHtml); these two catch the
  // ones written as character references (&#x202E;), which the parser decodes.
  textFilter: stripControlCharacters,
  transformTags: {
    '*': (tagName, attribs) => ({
      tagName,
      attribs: Object.fromEntries(
        Object.entries(attribs).map(([name, value]) => [name, stripControlCharacters(value)]),
      ),
    }),
    h1: 'h2',
    a: (tagName, attribs) => {
      const href = attribs.href ?? '';
      const external = /^https?:\/\//i.test(href);
      const { rel: _rel, target, ...rest } = attribs;
      return {
        tagName,
        attribs: external
          ? {
              ...rest,
              ...(target ? { target: '_blank' } : {}),
              rel: 'noopener noreferrer nofollow',
            }
          : rest,
      };
    },
    img: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, alt: attribs.alt ?? '', loading: 'lazy' },
    }),
  },
};

/**
 * Content HTML with only the allowlist left: no scripts, styles, event handlers or iframes,
 * and no control characters (NUL, ESC, bidi overrides...: domain/shared/text.ts), which a
 * pasted body often carries and an editor cannot see; line breaks and tabs stay.
 */
export function sanitizePostHtml(html: string): string {
  return sanitizeHtml(stripControlCharacters(html), POST_HTML).trim();
}

const ESCAPED: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"' };

/**
 * Text of an HTML fragment: no tags (each tag boundary one space), no script/style bodies,
 * entities decoded, spaces collapsed. Read with sanitize-html's parser, as content is.
 */
export function stripTags(html: string): string {
  // Read time and both excerpts strip the same content one after another (a replay derives
  // thousands of posts): the last answer is kept, a pure function's memo of one.
  if (html === lastStripped.html) return lastStripped.text;
  const text = stripTagsNow(html);
  lastStripped = { html, text };
  return text;
}

let lastStripped = { html: '', text: '' };

function stripTagsNow(html: string): string {
  const chunks: string[] = [];
  const boundary = () => {
    chunks.push(' ');
  };
  sanitizeHtml(html, {
    allowedTags: [],
    allowedAttributes: {},
    onOpenTag: boundary,
    onCloseTag: boundary,
    textFilter: (text) => {
      chunks.push(text);
      return text;
    },
  });
  // sanitize-html hands text back escaped (&, <, >, "); everything else arrives decoded.
  return chunks
    .join('')
    .replace(/&(amp|lt|gt|quot);/g, (entity) => ESCAPED[entity] ?? entity)
    .replace(/\s+/g, ' ')
    .trim();
}
