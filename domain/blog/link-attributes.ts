/**
 * What a link in post or issue HTML carries besides its address, from the author's choices
 * (the editor's link dialog: new tab, sponsored, nofollow) and where it points. One rule for
 * the sanitiser on save and on render (domain/blog/html.ts) and for the dialog, which shows it:
 *
 * - a link to the site's own pages (a relative address, or the host of PUBLIC_URL) is never
 *   sponsored, nofollow or ugc: the site's own pages are always followed;
 * - an external http(s) link keeps the author's sponsored / nofollow (and a pasted ugc);
 * - a link opening in a new tab gets `noopener` (and `noreferrer` when it leaves the site);
 * - an e-mail link opens the mail program: no new tab, no rel.
 * Pure: no I/O, the site's origin is passed in.
 */

export type LinkKind = 'internal' | 'external' | 'email';

/** The author's choices for one link. `ugc` has no checkbox; it survives a paste. */
export interface LinkChoices {
  newTab: boolean;
  sponsored: boolean;
  nofollow: boolean;
  ugc?: boolean;
}

export interface LinkAttributes {
  target: '_blank' | null;
  /** Space-separated tokens in a fixed order, or null for none. */
  rel: string | null;
}

export const LINK_MESSAGES = {
  invalid: 'Enter an address starting with https://, http://, mailto:, / or #',
  internal: "This link goes to one of this site's own pages: it is always followed.",
  email: 'An e-mail link opens the mail program: no new tab, sponsored or nofollow.',
} as const;

/** The rel tokens an author may keep on an external link, in their output order. */
const SEO_TOKENS = ['sponsored', 'nofollow', 'ugc'] as const;

const hostOf = (address: string): string | null => {
  try {
    return new URL(address).host.toLowerCase();
  } catch {
    return null;
  }
};

/**
 * Where an address points: 'internal' for a relative address ('/blog/x', '#top', 'page') or
 * an absolute one on `siteOrigin`'s host; 'external' for another http(s) host; 'email' for
 * mailto:. Null for anything else (javascript:, data:, a protocol-relative '//host', blank).
 */
export function linkKind(href: string, siteOrigin?: string): LinkKind | null {
  const address = href.trim();
  // '//host' and '/\host' are other hosts to a browser (protocol-relative): refused.
  if (address === '' || /^[/\\]{2}/.test(address) || address.startsWith('\\')) return null;
  if (/^mailto:/i.test(address)) return 'email';
  if (/^https?:\/\//i.test(address)) {
    const host = hostOf(address);
    if (host === null) return null;
    const site = siteOrigin ? hostOf(siteOrigin) : null;
    return site !== null && host === site ? 'internal' : 'external';
  }
  // Any other scheme ('javascript:', 'data:', 'tel:'): not a link the content may carry.
  if (/^[a-z][a-z0-9+.-]*:/i.test(address)) return null;
  return 'internal';
}

/** What the dialog accepts in its address field (the same addresses linkKind names). */
export function linkAddressProblem(href: string): string | null {
  const address = href.trim();
  const typed = /^(https?:\/\/[^\s/]+|mailto:\S+|\/(?!\/)|#)/i.test(address);
  return typed && linkKind(address) !== null && !/\s/.test(address) ? null : LINK_MESSAGES.invalid;
}

/** Which choices apply to a link of this kind (the dialog disables the others). */
export function applicableChoices(kind: LinkKind | null): {
  newTab: boolean;
  sponsoredOrNofollow: boolean;
} {
  return {
    newTab: kind === 'internal' || kind === 'external',
    sponsoredOrNofollow: kind === 'external',
  };
}

/** The target and rel a link gets from its address and the author's choices. */
export function linkAttributes(
  href: string,
  choices: LinkChoices,
  siteOrigin?: string,
): LinkAttributes {
  const kind = linkKind(href, siteOrigin);
  const applies = applicableChoices(kind);
  const newTab = applies.newTab && choices.newTab;
  const tokens: string[] = [];
  if (newTab) tokens.push(kind === 'external' ? 'noopener noreferrer' : 'noopener');
  if (applies.sponsoredOrNofollow) {
    for (const token of SEO_TOKENS) if (choices[token]) tokens.push(token);
  }
  return { target: newTab ? '_blank' : null, rel: tokens.length ? tokens.join(' ') : null };
}

/** The choices an existing link's attributes express (to fill the dialog, or to re-sanitise). */
export function linkChoices(attributes: {
  target?: string | null;
  rel?: string | null;
}): LinkChoices {
  const rel = new Set((attributes.rel ?? '').toLowerCase().split(/\s+/).filter(Boolean));
  return {
    newTab: (attributes.target ?? '').toLowerCase() === '_blank',
    sponsored: rel.has('sponsored'),
    nofollow: rel.has('nofollow'),
    ugc: rel.has('ugc'),
  };
}
