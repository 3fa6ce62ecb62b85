/**
 * The blog's rules that need no HTML parser (slugs, page titles, dates, field limits): what the
 * browser imports. Text rules over HTML (read time, excerpts) live in ./rules with the parser.
 */
export interface PostText {
  title?: string;
  /** HTML. */
  content: string;
  excerpt?: string | null;
}

export type ExcerptAudience = 'public' | 'admin';

export const EXCERPT_LENGTH: Readonly<Record<ExcerptAudience, number>> = {
  public: 150,
  admin: 200,
};
export const META_DESCRIPTION_LENGTH = 160;
export const WORDS_PER_MINUTE = 200;
export const PAGE_TITLE_MAX = 60;
export const ELLIPSIS = '...';

/** Letters NFD does not split into base letter + accent. */
const FOLD: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  ł: 'l',
  þ: 'th',
  ı: 'i',
};

/**
 * 'Semaglutide vs. Tirzepatide: Qué Elegir?' -> 'semaglutide-vs-tirzepatide-que-elegir'.
 * Lowercase, accents folded (NFD), each run of other characters one hyphen, no hyphen at
 * either end.
 */
export function slugify(title: string): string {
  return title
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/[ßæœøđðłþı]/g, (c) => FOLD[c] ?? c)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

function cutAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  const room = max - ELLIPSIS.length;
  const head = text.slice(0, room + 1);
  const space = head.lastIndexOf(' ');
  const kept = (space > room / 2 ? head.slice(0, space) : text.slice(0, room)).replace(
    /[\s,;:.–-]+$/,
    '',
  );
  return `${kept}${ELLIPSIS}`;
}

/**
 * '{title} | {suffix}' capped at 60 characters. The title is shortened at a word boundary
 * (with '...') to keep the suffix; when the suffix leaves too little room it is dropped.
 */
export function pageTitle(title: string, suffix?: string): string {
  const clean = title.replace(/\s+/g, ' ').trim();
  const tail = suffix?.trim() ? ` | ${suffix.trim()}` : '';
  if (clean.length + tail.length <= PAGE_TITLE_MAX) return `${clean}${tail}`;
  const room = PAGE_TITLE_MAX - tail.length;
  if (tail && room >= 30) return `${cutAtWord(clean, room)}${tail}`;
  return cutAtWord(clean, PAGE_TITLE_MAX);
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

function parts(
  iso: string,
): { year: number; month: string; day: string; hh: string; mm: string } | null {
  const date = new Date(iso);
  if (!iso || Number.isNaN(date.getTime())) return null;
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    year: date.getUTCFullYear(),
    month: MONTHS[date.getUTCMonth()] ?? '',
    day: pad(date.getUTCDate()),
    hh: pad(date.getUTCHours()),
    mm: pad(date.getUTCMinutes()),
  };
}

/** 'MMM dd, yyyy' in UTC: '2025-01-05T10:00:00Z' -> 'Jan 05, 2025'; '' for a bad date. */
export function formatShortDate(iso: string): string {
  const p = parts(iso);
  return p ? `${p.month.slice(0, 3)} ${p.day}, ${p.year}` : '';
}

/** 'MMMM dd, yyyy' in UTC: 'January 05, 2025'; '' for a bad date. */
export function formatLongDate(iso: string): string {
  const p = parts(iso);
  return p ? `${p.month} ${p.day}, ${p.year}` : '';
}

/** 'MMM dd, yyyy HH:mm' in UTC (24-hour): 'Jan 05, 2025 14:03'; '' for a bad date. */
export function formatAdminDateTime(iso: string): string {
  const p = parts(iso);
  return p ? `${p.month.slice(0, 3)} ${p.day}, ${p.year} ${p.hh}:${p.mm}` : '';
}

/** Field caps of the editor (the spec sets none; these keep a record and a page sane). */
export const BLOG_FIELD_LIMITS = {
  title: 200,
  slug: 200,
  content: 90_000,
  excerpt: 1000,
  authorName: 100,
  url: 2000,
  metaTitle: 200,
  metaDescription: 500,
  metaKeywords: 500,
} as const;

/** 'index, follow', 'noindex, nofollow', 'noarchive'...: robots tokens separated by commas. */
export const ROBOTS_DIRECTIVE =
  /^(index|noindex|follow|nofollow|noarchive|nosnippet|noimageindex|none|all)(\s*,\s*(index|noindex|follow|nofollow|noarchive|nosnippet|noimageindex|none|all))*$/;

export const BLOG_VALIDATION = {
  required: 'Title and content are required',
  slug: 'The slug needs at least one letter or digit',
  robots: "Robots directive must be robots tokens separated by commas, such as 'noindex, follow'",
  publishBoth: "Choose either 'Publish immediately' or a scheduled time, not both",
} as const;
