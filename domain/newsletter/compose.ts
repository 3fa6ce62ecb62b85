/**
 * The weekly issue's composition: what happened on the site in [from, to), read from the read
 * models by the job (workers/newsletter/weekly.ts), turned into a subject, a preheader and a
 * body. Pure. Nothing is invented: each line is a recorded fact (a price as entered with its
 * date, a listing, a published post, a published score) worded plainly, with no adjective
 * claiming value; a week with nothing recorded composes nothing (null).
 *
 * Sections, in this order, each only when it has something: new providers, price drops and
 * then price rises (per medication, semaglutide first), new discount codes, Vial Score changes,
 * new posts. A price line: 'Provider — Semaglutide 2.5 mg: $299 → $249 (checked Nov 20, 2026)',
 * the provider's name linking to its page (absolute, with the site's address).
 */
import { formatUsd } from '../shared/format';

export const COMPOSE_MEDICATIONS = ['semaglutide', 'tirzepatide'] as const;
export type ComposeMedication = (typeof COMPOSE_MEDICATIONS)[number];
const MEDICATION_NAMES: Record<ComposeMedication, string> = {
  semaglutide: 'Semaglutide',
  tirzepatide: 'Tirzepatide',
};

/** A provider's price of one dose that moved during the week (first before, last after). */
export interface PriceMove {
  providerName: string;
  providerSlug: string;
  medication: ComposeMedication;
  /** 'Semaglutide 2.5 mg' (price tables) or 'Semaglutide, compounded injection 2.5 mg' (offers). */
  label: string;
  /** Monthly, USD. */
  before: number;
  after: number;
  /** When the new price was entered on the site (the date it was checked). */
  checkedAt: string;
}

export interface WeekFacts {
  /** The period: [from, to), ISO. */
  from: string;
  to: string;
  /** The site's public address (PUBLIC_URL), for absolute links. */
  siteUrl: string;
  posts: { title: string; slug: string; excerpt: string | null; publishedAt: string }[];
  providersListed: { name: string; slug: string; listedAt: string }[];
  priceMoves: PriceMove[];
  /** A code a provider shows that was entered during the week (empty: no honest source). */
  discountCodes: { providerName: string; providerSlug: string; code: string; at: string }[];
  /** A published Vial Score that differs from the provider's previous one. */
  scoreChanges: {
    providerName: string;
    providerSlug: string;
    before: number;
    after: number;
    /** 'YYYY-MM': the month it was published for. */
    month: string;
    at: string;
  }[];
}

export type SectionKind =
  'providers' | 'price-drops' | 'price-rises' | 'discount-codes' | 'scores' | 'posts';

export interface ComposedItem {
  /** The whole line as text ('Hims — Semaglutide 2.5 mg: $299 → $249 (checked Nov 20, 2026)'). */
  line: string;
  /** The part of `line` it starts with that links to `url`. */
  label: string;
  url: string;
  /** A second line (a post's excerpt). */
  detail?: string;
}

export interface ComposedSection {
  kind: SectionKind;
  title: string;
  items: ComposedItem[];
}

export interface ComposedIssue {
  subject: string;
  preheader: string;
  bodyHtml: string;
  sections: ComposedSection[];
}

const SUBJECT_MAX = 150;
const PREHEADER_MAX = 200;

const DAY = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
const DAY_NO_YEAR = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
const MONTH = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** 'Nov 20, 2026' (UTC). */
export const dayWords = (iso: string): string => DAY.format(new Date(iso));

/** The period as read: [from, to) ends the day before `to` when `to` is a midnight. */
export function periodWords(from: string, to: string): string {
  const start = new Date(from);
  const end = new Date(Date.parse(to) - 1);
  if (end.getTime() < start.getTime()) return DAY.format(start);
  const sameYear = start.getUTCFullYear() === end.getUTCFullYear();
  const first = sameYear ? DAY_NO_YEAR.format(start) : DAY.format(start);
  const last = DAY.format(end);
  return first === DAY_NO_YEAR.format(end) && sameYear ? last : `${first} to ${last}`;
}

const within = (at: string, from: string, to: string) => at >= from && at < to;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

const joinUrl = (siteUrl: string, path: string) => `${siteUrl.replace(/\/+$/, '')}${path}`;
const providerUrl = (siteUrl: string, slug: string) =>
  joinUrl(siteUrl, `/providers/${encodeURIComponent(slug)}`);

/** One price as the line shows it: '$299', '$12.50'. */
const usd = (amount: number) => formatUsd(amount);

function priceItem(move: PriceMove, siteUrl: string): ComposedItem {
  return {
    label: move.providerName,
    url: providerUrl(siteUrl, move.providerSlug),
    line: `${move.providerName} — ${move.label}: ${usd(move.before)} → ${usd(move.after)} (checked ${dayWords(move.checkedAt)})`,
  };
}

const byProviderThenLabel = (a: PriceMove, b: PriceMove) =>
  a.providerName.localeCompare(b.providerName) || a.label.localeCompare(b.label);

function priceSections(
  moves: readonly PriceMove[],
  siteUrl: string,
  direction: 'drops' | 'rises',
): ComposedSection[] {
  const kind = direction === 'drops' ? 'price-drops' : 'price-rises';
  const word = direction === 'drops' ? 'Price drops' : 'Price rises';
  const wanted = moves.filter((m) =>
    direction === 'drops' ? m.after < m.before : m.after > m.before,
  );
  return COMPOSE_MEDICATIONS.flatMap((medication) => {
    const items = wanted
      .filter((m) => m.medication === medication)
      .sort(byProviderThenLabel)
      .map((m) => priceItem(m, siteUrl));
    return items.length === 0
      ? []
      : [{ kind, title: `${word}: ${MEDICATION_NAMES[medication]}`, items }];
  });
}

/** The sections of a week, in their fixed order; empty when nothing happened. */
export function composeSections(facts: WeekFacts): ComposedSection[] {
  const { from, to, siteUrl } = facts;
  const sections: ComposedSection[] = [];
  const add = (kind: SectionKind, title: string, items: ComposedItem[]) => {
    if (items.length > 0) sections.push({ kind, title, items });
  };
  add(
    'providers',
    'New providers',
    facts.providersListed
      .filter((p) => within(p.listedAt, from, to))
      .sort((a, b) => a.listedAt.localeCompare(b.listedAt) || a.name.localeCompare(b.name))
      .map((p) => ({
        label: p.name,
        url: providerUrl(siteUrl, p.slug),
        line: `${p.name} — listed ${dayWords(p.listedAt)}`,
      })),
  );
  // Moves are whole-week already (priceMovesFromChangeLog); an unchanged one is no news.
  const moves = facts.priceMoves.filter((m) => m.before !== m.after);
  sections.push(
    ...priceSections(moves, siteUrl, 'drops'),
    ...priceSections(moves, siteUrl, 'rises'),
  );
  add(
    'discount-codes',
    'New discount codes',
    facts.discountCodes
      .filter((d) => within(d.at, from, to))
      .sort((a, b) => a.providerName.localeCompare(b.providerName))
      .map((d) => ({
        label: d.providerName,
        url: providerUrl(siteUrl, d.providerSlug),
        line: `${d.providerName} — code ${d.code} (entered ${dayWords(d.at)})`,
      })),
  );
  add(
    'scores',
    'Vial Score changes',
    facts.scoreChanges
      .filter((s) => within(s.at, from, to) && s.before !== s.after)
      .sort((a, b) => a.providerName.localeCompare(b.providerName))
      .map((s) => ({
        label: s.providerName,
        url: providerUrl(siteUrl, s.providerSlug),
        line: `${s.providerName} — Vial Score ${s.before} → ${s.after} out of 5 (${MONTH.format(new Date(`${s.month}-01T00:00:00Z`))})`,
      })),
  );
  add(
    'posts',
    'New on the blog',
    facts.posts
      .filter((p) => within(p.publishedAt, from, to))
      .sort((a, b) => a.publishedAt.localeCompare(b.publishedAt))
      .map((p) => ({
        label: p.title,
        url: joinUrl(siteUrl, `/blog/${encodeURIComponent(p.slug)}`),
        line: p.title,
        ...(p.excerpt ? { detail: p.excerpt } : {}),
      })),
  );
  return sections;
}

/** '2 price drops', '1 new provider'... in the sections' order (drops of both medications once). */
function countWords(sections: readonly ComposedSection[]): string[] {
  const count = (kind: SectionKind) =>
    sections.filter((s) => s.kind === kind).reduce((n, s) => n + s.items.length, 0);
  const words: Array<[SectionKind, string, string]> = [
    ['providers', 'new provider', 'new providers'],
    ['price-drops', 'price drop', 'price drops'],
    ['price-rises', 'price rise', 'price rises'],
    ['discount-codes', 'new discount code', 'new discount codes'],
    ['scores', 'Vial Score change', 'Vial Score changes'],
    ['posts', 'new post', 'new posts'],
  ];
  return words.flatMap(([kind, one, many]) => {
    const n = count(kind);
    return n === 0 ? [] : [plural(n, one, many)];
  });
}

/** The parts joined, as many as fit in `max` (the rest said as 'and more'). */
function fit(prefix: string, parts: readonly string[], max: number): string {
  for (let n = parts.length; n > 0; n--) {
    const text = `${prefix}${parts.slice(0, n).join(', ')}${n < parts.length ? ' and more' : ''}`;
    if (text.length <= max) return text;
  }
  return prefix.replace(/:\s*$/, '').slice(0, max);
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

function itemHtml(item: ComposedItem): string {
  const rest = item.line.startsWith(item.label)
    ? item.line.slice(item.label.length)
    : ` ${item.line}`;
  const detail = item.detail ? `<br>${escapeHtml(item.detail)}` : '';
  return `<li><a href="${escapeHtml(item.url)}">${escapeHtml(item.label)}</a>${escapeHtml(rest)}${detail}</li>`;
}

/** The week's issue, or null when nothing was recorded in it. */
export function composeWeeklyIssue(facts: WeekFacts): ComposedIssue | null {
  const sections = composeSections(facts);
  if (sections.length === 0) return null;
  const period = periodWords(facts.from, facts.to);
  const counts = countWords(sections);
  const subject = fit(`${period}: `, counts, SUBJECT_MAX);
  const preheader = fit('Recorded on the site this week: ', counts, PREHEADER_MAX);
  const bodyHtml = [
    `<p>What changed on the site, ${escapeHtml(period)}, as recorded on its pages.</p>`,
    ...sections.map(
      (section) =>
        `<h2>${escapeHtml(section.title)}</h2><ul>${section.items.map(itemHtml).join('')}</ul>`,
    ),
  ].join('');
  return { subject, preheader, bodyHtml, sections };
}

/** One entry of the providers' change log (projections/providers/changes.ts), as read here. */
export interface ChangeLogEntry {
  providerId: string;
  /** ISO, when the change was entered. */
  date: string;
  kind: string;
  /** Entries' order within a provider. */
  revision: number;
  changes: { label: string; before: string | null; after: string }[];
}

/** '$1,299/mo' -> 1299; anything else (an intro price, a plan total, 'none') -> null. */
export function monthlyUsd(text: string | null): number | null {
  const match = /^\$(\d{1,3}(?:,\d{3})*|\d+)(?:\.(\d{2}))?\/mo$/.exec(text ?? '');
  if (!match?.[1]) return null;
  return Number(match[1].replace(/,/g, '')) + (match[2] ? Number(match[2]) / 100 : 0);
}

const medicationOf = (label: string): ComposeMedication | null => {
  const match = /^(Semaglutide|Tirzepatide)\b/.exec(label);
  return match?.[1] === 'Semaglutide' ? 'semaglutide' : match ? 'tirzepatide' : null;
};

/**
 * Each provider's dose prices that moved in [from, to), from the change log's price and offer
 * entries: a dose changed twice in the week reads as its first 'before' and its last 'after'
 * (dated by the last change); a dose back where it started is no move. A price added or
 * removed ('none') is not a move of a price, and providers no longer listed are left out.
 */
export function priceMovesFromChangeLog(
  entries: readonly ChangeLogEntry[],
  providers: ReadonlyMap<string, { name: string; slug: string }>,
  from: string,
  to: string,
): PriceMove[] {
  const moves = new Map<string, PriceMove>();
  const ordered = entries
    .filter((e) => (e.kind === 'prices' || e.kind === 'offers') && within(e.date, from, to))
    .sort((a, b) => a.date.localeCompare(b.date) || a.revision - b.revision);
  for (const entry of ordered) {
    const provider = providers.get(entry.providerId);
    if (!provider) continue;
    for (const change of entry.changes) {
      const medication = medicationOf(change.label);
      const [before, after] = [monthlyUsd(change.before), monthlyUsd(change.after)];
      if (medication === null || before === null || after === null) continue;
      const key = `${entry.providerId}\u0000${change.label}`;
      const known = moves.get(key);
      moves.set(key, {
        providerName: provider.name,
        providerSlug: provider.slug,
        medication,
        label: change.label,
        before: known?.before ?? before,
        after,
        checkedAt: entry.date,
      });
    }
  }
  return [...moves.values()].filter((m) => m.before !== m.after);
}
