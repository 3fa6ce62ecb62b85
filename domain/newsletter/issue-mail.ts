/**
 * The e-mail of a newsletter issue, as the sender, the admin preview and 'Send a test to me'
 * all write it: one pure function from the issue, the reader's links and the footer line (the
 * postal address, CAN-SPAM) to a subject, an HTML part and a plain-text part.
 *
 * The HTML is what mail programs render reliably: a table layout, inline styles (many
 * programs drop <style>), at most 600 px wide, the site's colours (web/styles.css: slate text,
 * deep teal links), and a hidden preheader (the line an inbox shows after the subject). The
 * body is the issue's HTML, read again with the blog's allowlist parser (sanitize-html) so
 * that nothing outside it reaches a mailbox and each element carries its style inline.
 *
 * The plain-text part is converted from the same body: headings, paragraphs, lists, quotes,
 * and links as 'text (url)'. The blog's stripTags flattens HTML to one line (excerpts), so the
 * structure is read here with the same parser.
 */
import sanitizeHtml from 'sanitize-html';

export interface IssueMailContent {
  subject: string;
  preheader: string;
  bodyHtml: string;
}

export interface IssueMailLinks {
  /** The site's address (PUBLIC_URL). */
  siteUrl: string;
  /** One-click unsubscribe (the reader's own signed link). */
  unsubscribeUrl: string;
  /** The reader's preferences page (signed link). */
  preferencesUrl: string;
  /** The issue in the public archive (/newsletter/{slug}). */
  archiveUrl: string;
}

export interface IssueMail {
  subject: string;
  html: string;
  text: string;
}

/** The site's tokens (web/styles.css), written out: mail programs know no CSS variables. */
const COLOURS = {
  page: '#f8fafc',
  card: '#ffffff',
  text: '#0f172a',
  muted: '#475569',
  border: '#e2e8f0',
  brand: '#0f766e',
} as const;
const FONT = "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text (or an attribute value) safe inside HTML. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);

/** Inline styles per body element (a mail program ignores the site's stylesheet). */
const BODY_STYLES: Record<string, string> = {
  h2: `margin:24px 0 8px;font-size:20px;line-height:28px;font-weight:700;color:${COLOURS.text}`,
  h3: `margin:20px 0 8px;font-size:17px;line-height:24px;font-weight:700;color:${COLOURS.text}`,
  h4: `margin:16px 0 8px;font-size:15px;line-height:22px;font-weight:700;color:${COLOURS.text}`,
  p: `margin:0 0 16px;font-size:16px;line-height:24px;color:${COLOURS.text}`,
  ul: 'margin:0 0 16px;padding:0 0 0 24px',
  ol: 'margin:0 0 16px;padding:0 0 0 24px',
  li: `margin:0 0 6px;font-size:16px;line-height:24px;color:${COLOURS.text}`,
  a: `color:${COLOURS.brand};text-decoration:underline`,
  blockquote: `margin:0 0 16px;padding:4px 0 4px 16px;border-left:4px solid ${COLOURS.border};color:${COLOURS.muted}`,
  table: 'border-collapse:collapse;width:100%;margin:0 0 16px',
  th: `padding:6px 8px;border:1px solid ${COLOURS.border};text-align:left;font-size:14px`,
  td: `padding:6px 8px;border:1px solid ${COLOURS.border};font-size:14px`,
  img: 'max-width:100%;height:auto;border:0',
  hr: `border:0;border-top:1px solid ${COLOURS.border};margin:24px 0`,
};

const BODY_TAGS = [
  'h2',
  'h3',
  'h4',
  'p',
  'br',
  'hr',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'small',
  'ul',
  'ol',
  'li',
  'a',
  'img',
  'blockquote',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'code',
];

const styled = (tagName: string, attribs: sanitizeHtml.Attributes) => {
  const style = BODY_STYLES[tagName];
  return { tagName, attribs: style ? { ...attribs, style } : attribs };
};

/** The issue's body for a mailbox: the allowlist only, every element styled inline. */
export function mailBodyHtml(bodyHtml: string): string {
  return sanitizeHtml(bodyHtml, {
    allowedTags: BODY_TAGS,
    allowedAttributes: {
      '*': ['style'],
      a: ['href', 'title', 'style'],
      img: ['src', 'alt', 'width', 'height', 'style'],
      th: ['colspan', 'rowspan', 'style'],
      td: ['colspan', 'rowspan', 'style'],
    },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: ['https', 'http'] },
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    transformTags: {
      // Only the styles set here: an author's own style attribute is replaced.
      '*': (tagName, attribs) => {
        const { style: _ignored, ...rest } = attribs;
        return styled(tagName, rest);
      },
      h1: (_tag, attribs) => styled('h2', attribs),
      h5: (_tag, attribs) => styled('h4', attribs),
      h6: (_tag, attribs) => styled('h4', attribs),
    },
  }).trim();
}

const DECODED: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"' };

type Block = 'heading' | 'paragraph' | 'item' | 'quote' | 'rule';

/**
 * The plain-text part of an HTML body: a heading in capitals underlined, paragraphs apart by a
 * blank line, list items as '- ' (or '1. '), quotes as '> ', links as 'text (url)' (the url
 * alone when it is the text), images by their alt text; lines not wrapped (format=flowed is
 * the mail program's business).
 */
export function htmlToText(html: string): string {
  interface Chunk {
    kind: Block;
    prefix: string;
    text: string;
    /** The list an item belongs to: items of one list are not set apart by blank lines. */
    list: number;
  }
  const blocks: Chunk[] = [];
  let current: Chunk | null = null;
  const lists: { ordered: boolean; next: number; id: number }[] = [];
  let listIds = 0;
  let quoteDepth = 0;
  const links: string[] = [];
  let skip = 0;

  const quotePrefix = () => '> '.repeat(quoteDepth);
  const open = (kind: Block, prefix = '') => {
    close();
    current = { kind, prefix: quotePrefix() + prefix, text: '', list: lists.at(-1)?.id ?? 0 };
  };
  const close = () => {
    if (current && (current.text.trim() !== '' || current.kind === 'rule')) blocks.push(current);
    current = null;
  };
  const write = (text: string) => {
    if (!current) current = { kind: 'paragraph', prefix: quotePrefix(), text: '', list: 0 };
    current.text += text;
  };

  sanitizeHtml(html, {
    allowedTags: [],
    allowedAttributes: {},
    nonTextTags: ['style', 'script', 'textarea', 'option', 'noscript'],
    onOpenTag(name, attribs) {
      if (name === 'script' || name === 'style') skip++;
      if (skip > 0) return;
      if (/^h[1-6]$/.test(name)) open('heading');
      else if (name === 'p' || name === 'div' || name === 'tr' || name === 'figcaption')
        open('paragraph');
      else if (name === 'ul' || name === 'ol') {
        close();
        lists.push({ ordered: name === 'ol', next: 1, id: ++listIds });
      } else if (name === 'li') {
        const list = lists.at(-1);
        const marker = list?.ordered ? `${list.next++}. ` : '- ';
        open('item', '  '.repeat(Math.max(0, lists.length - 1)) + marker);
      } else if (name === 'blockquote') {
        close();
        quoteDepth++;
      } else if (name === 'br') write('\n');
      else if (name === 'hr') {
        open('rule');
        close();
      } else if (name === 'td' || name === 'th') write(' ');
      else if (name === 'img' && attribs.alt) write(attribs.alt);
      else if (name === 'a') {
        links.push(attribs.href ?? '');
        write('\u0000');
      }
    },
    onCloseTag(name) {
      if (name === 'script' || name === 'style') {
        skip = Math.max(0, skip - 1);
        return;
      }
      if (skip > 0) return;
      if (name === 'a') {
        const href = links.pop() ?? '';
        const node = current as { text: string } | null;
        if (!node) return;
        const start = node.text.lastIndexOf('\u0000');
        if (start < 0) return; // the link's text began in an earlier block
        const label = node.text.slice(start + 1).trim();
        const before = node.text.slice(0, start);
        const shown = /^(https?:|mailto:)/i.test(href) ? href.replace(/^mailto:/i, '') : '';
        node.text =
          before + (shown === '' || shown === label ? label || shown : `${label} (${shown})`);
      } else if (/^h[1-6]$/.test(name) || ['p', 'div', 'li', 'tr', 'figcaption'].includes(name)) {
        close();
      } else if (name === 'ul' || name === 'ol') {
        close();
        lists.pop();
      } else if (name === 'blockquote') {
        close();
        quoteDepth = Math.max(0, quoteDepth - 1);
      }
    },
    textFilter(text) {
      // A line break in the source is a space; only <br> breaks a line.
      if (skip === 0) {
        write(text.replace(/\s+/g, ' ').replace(/&(amp|lt|gt|quot);/g, (e) => DECODED[e] ?? e));
      }
      return '';
    },
  });
  close();

  const out: string[] = [];
  let previous: Chunk | null = null;
  for (const block of blocks) {
    const lines = block.text
      .split('\n')
      .map((line) => line.replace(/[ \t\r\f\v]+/g, ' ').trim())
      .filter((line, i, all) => line !== '' || (i > 0 && i < all.length - 1));
    const sameList =
      previous?.kind === 'item' && block.kind === 'item' && block.list === previous.list;
    if (previous !== null && !sameList) {
      // Two blocks of one quote stay inside it.
      const quoted = previous.prefix.startsWith('> ') && block.prefix.startsWith('> ');
      out.push(quoted ? '>' : '');
    }
    if (block.kind === 'rule') out.push('----------');
    else if (block.kind === 'heading') {
      const title = lines.join(' ').toUpperCase();
      out.push(block.prefix + title, block.prefix + '='.repeat(Math.min(title.length, 60)));
    } else {
      const indent = block.kind === 'item' ? ' '.repeat(block.prefix.length) : block.prefix;
      lines.forEach((line, i) => out.push((i === 0 ? block.prefix : indent) + line));
    }
    previous = block;
  }
  return out.join('\n').trim();
}

const link = (href: string, label: string) =>
  `<a href="${escapeHtml(href)}" style="color:${COLOURS.brand};text-decoration:underline">${escapeHtml(label)}</a>`;

const siteName = (siteUrl: string): string => {
  try {
    return new URL(siteUrl).host;
  } catch {
    return siteUrl;
  }
};

/** The e-mail of an issue for one reader (their links) with the site's footer line. */
export function renderIssueMail(
  issue: IssueMailContent,
  links: IssueMailLinks,
  footerLine: string,
): IssueMail {
  const site = siteName(links.siteUrl);
  const body = mailBodyHtml(issue.bodyHtml);
  const footerText = footerLine.trim();
  const small = `margin:0 0 8px;font-size:13px;line-height:20px;color:${COLOURS.muted}`;
  const html = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="x-apple-disable-message-reformatting">
<title>${escapeHtml(issue.subject)}</title>
</head>
<body style="margin:0;padding:0;background:${COLOURS.page};font-family:${FONT}">
<span style="display:none!important;visibility:hidden;opacity:0;color:transparent;height:0;width:0;max-height:0;max-width:0;overflow:hidden;mso-hide:all">${escapeHtml(issue.preheader)}</span>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:${COLOURS.page}">
<tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;background:${COLOURS.card};border:1px solid ${COLOURS.border};border-radius:8px">
<tr><td style="padding:20px 24px;border-bottom:1px solid ${COLOURS.border};font-size:18px;font-weight:700;color:${COLOURS.brand}">${link(links.siteUrl, site)}</td></tr>
<tr><td style="padding:24px;font-family:${FONT};color:${COLOURS.text}">
${body}
</td></tr>
<tr><td style="padding:20px 24px;border-top:1px solid ${COLOURS.border};background:${COLOURS.page};border-radius:0 0 8px 8px">
<p style="${small}">Why you get this: you subscribed at ${link(links.siteUrl, site)}.</p>
<p style="${small}">${link(links.preferencesUrl, 'Change what you receive')} &middot; ${link(links.unsubscribeUrl, 'Unsubscribe')} &middot; ${link(links.archiveUrl, 'Read online')}</p>
<p style="${small}">${escapeHtml(footerText)}</p>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
  const text = [
    htmlToText(issue.bodyHtml),
    '',
    '----------',
    `Why you get this: you subscribed at ${site} (${links.siteUrl}).`,
    `Change what you receive: ${links.preferencesUrl}`,
    `Unsubscribe: ${links.unsubscribeUrl}`,
    `Read online: ${links.archiveUrl}`,
    '',
    footerText,
    '',
  ].join('\n');
  return { subject: issue.subject, html, text };
}
