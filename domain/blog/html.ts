/**
 * The one HTML allowlist of blog content (spec section 5: content allows HTML). Applied when a
 * post is saved (commands/) and again when it is rendered (the public read), with
 * sanitize-html. Tag stripping for read time and excerpts reads HTML with the same parser.
 */
import sanitizeHtml from 'sanitize-html';
import { stripControlCharacters } from '../shared/text';
import { linkAttributes, linkChoices } from './link-attributes';

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

/**
 * A media library file (`/media/{id}/{width}.{ext}`, on this site or written with its origin):
 * only such files may stand in an image's srcset (the editor inserts the library's WebP widths).
 */
const MEDIA_FILE = /^(https?:\/\/[^/\s]+)?\/media\/[\w-]+\/\d{1,5}\.(webp|png|jpe?g)$/i;

/** A srcset of media library files only ('/media/x/320.webp 320w, ...'), or null. */
function mediaSrcset(srcset: string | undefined): string | null {
  if (!srcset) return null;
  const candidates = srcset.split(',').map((candidate) => candidate.trim().split(/\s+/));
  const valid = candidates.every(
    (parts) =>
      parts.length === 2 && MEDIA_FILE.test(parts[0] ?? '') && /^\d{1,5}w$/.test(parts[1] ?? ''),
  );
  return valid ? candidates.map((parts) => parts.join(' ')).join(', ') : null;
}

/** `sizes` as the editor writes it: media conditions and lengths, nothing else. */
const SIZES = /^[\w\s().,:%-]{1,200}$/;

/** The page's h1 is the post title: an h1 in the body becomes an h2 (one h1 per page). */
function postHtmlOptions(siteOrigin: string | undefined): sanitizeHtml.IOptions {
  return {
    allowedTags: [...ALLOWED_TAGS],
    allowedAttributes: {
      a: ['href', 'title', 'rel', 'target'],
      img: ['src', 'alt', 'title', 'width', 'height', 'loading', 'srcset', 'sizes'],
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
      // target and rel from the author's choices by the one rule (./link-attributes): internal
      // links are never sponsored or nofollow; a new tab gets noopener (noreferrer off-site).
      a: (tagName, attribs) => {
        const { rel, target, ...rest } = attribs;
        const chosen = linkAttributes(rest.href ?? '', linkChoices({ rel, target }), siteOrigin);
        return {
          tagName,
          attribs: {
            ...rest,
            ...(chosen.target ? { target: chosen.target } : {}),
            ...(chosen.rel ? { rel: chosen.rel } : {}),
          },
        };
      },
      // srcset and sizes only for media library files (the page then picks a width).
      img: (tagName, attribs) => {
        const { srcset, sizes, ...rest } = attribs;
        const kept = mediaSrcset(srcset);
        return {
          tagName,
          attribs: {
            ...rest,
            alt: attribs.alt ?? '',
            loading: 'lazy',
            ...(kept ? { srcset: kept } : {}),
            ...(kept && sizes && SIZES.test(sizes) ? { sizes } : {}),
          },
        };
      },
    },
  };
}

const DEFAULT_OPTIONS = postHtmlOptions(undefined);
let lastOrigin: { origin: string; options: sanitizeHtml.IOptions } | null = null;

function optionsFor(siteOrigin: string | undefined): sanitizeHtml.IOptions {
  if (!siteOrigin) return DEFAULT_OPTIONS;
  if (lastOrigin?.origin !== siteOrigin) {
    lastOrigin = { origin: siteOrigin, options: postHtmlOptions(siteOrigin) };
  }
  return lastOrigin.options;
}

export interface SanitizeOptions {
  /**
   * The site's public address (PUBLIC_URL): absolute links to its host are internal (never
   * sponsored or nofollow). Without it only relative links are.
   */
  siteOrigin?: string;
}

/**
 * Content HTML with only the allowlist left: no scripts, styles, event handlers or iframes,
 * and no control characters (NUL, ESC, bidi overrides...: domain/shared/text.ts), which a
 * pasted body often carries and an editor cannot see; line breaks and tabs stay.
 */
export function sanitizePostHtml(html: string, options: SanitizeOptions = {}): string {
  return sanitizeHtml(stripControlCharacters(html), optionsFor(options.siteOrigin)).trim();
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
