/**
 * RSS 2.0 for any list of items (the blog's posts, the newsletter's sent issues). Every text is
 * XML-escaped (and characters XML 1.0 forbids are dropped); dates are RFC 822
 * (Date#toUTCString); each item's guid is given by its owner (an id, not its address, so a
 * renamed item is not a new one to readers).
 */

// eslint-disable-next-line no-control-regex -- these are exactly the characters XML 1.0 forbids
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

export function escapeXml(text: string): string {
  return text
    .replace(FORBIDDEN, '')
    .replace(
      /[<>&'"]/g,
      (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c,
    );
}

/** RFC 822 date (as RSS 2.0 asks): 'Mon, 23 Nov 2026 17:53:26 GMT'. */
export const rfc822 = (iso: string): string => new Date(iso).toUTCString();

export interface RssItem {
  title: string;
  /** Absolute. */
  link: string;
  guid: string;
  description: string;
  creator?: string;
  pubDate?: string | null;
}

export interface RssChannel {
  title: string;
  /** Absolute: the channel's page. */
  link: string;
  description: string;
  /** Absolute: the feed's own address. */
  selfLink: string;
  /** ISO: the newest change among the items (or now). */
  lastBuild: string;
}

export function rssXml(channel: RssChannel, items: readonly RssItem[]): string {
  const lines = items.map((item) =>
    [
      '    <item>',
      `      <title>${escapeXml(item.title)}</title>`,
      `      <link>${escapeXml(item.link)}</link>`,
      `      <guid isPermaLink="false">${escapeXml(item.guid)}</guid>`,
      `      <description>${escapeXml(item.description)}</description>`,
      item.creator === undefined
        ? null
        : `      <dc:creator>${escapeXml(item.creator)}</dc:creator>`,
      item.pubDate ? `      <pubDate>${rfc822(item.pubDate)}</pubDate>` : null,
      '    </item>',
    ]
      .filter((line): line is string => line !== null)
      .join('\n'),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    '  <channel>',
    `    <title>${escapeXml(channel.title)}</title>`,
    `    <link>${escapeXml(channel.link)}</link>`,
    `    <description>${escapeXml(channel.description)}</description>`,
    '    <language>en-us</language>',
    `    <lastBuildDate>${rfc822(channel.lastBuild)}</lastBuildDate>`,
    `    <atom:link href="${escapeXml(channel.selfLink)}" rel="self" type="application/rss+xml" />`,
    ...lines,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}
