/**
 * The price alert e-mails: the confirmation (double opt-in for alerts) and the alert itself,
 * one a day at most, naming each change: the old and new price, the day the price was checked,
 * and where to see it. Written with the issue's renderer (domain/newsletter/issue-mail.ts), so
 * it carries the same unsubscribe and preferences links and the site's footer line.
 */
import { renderIssueMail, escapeHtml } from '../../domain/newsletter/issue-mail';
import type { PriceAlertMedication } from '../../domain/newsletter/alert-events';
import { formatUsd } from '../../domain/shared/format';
import { isStateCode, stateName } from '../../domain/shared/reference/states';
import type { MailMessage } from '../bootstrap/mail';

/** One matched alert, as it waits for the day's mail (kept collection 'price_alert_pending'). */
export interface PriceAlertLine {
  kind: 'provider' | 'cheapest';
  medication: PriceAlertMedication;
  providerName: string;
  providerSlug: string;
  state?: string;
  below?: number;
  /** The price before (null: none was known, a cheapest alert only). */
  from: number | null;
  to: number;
  /** 'YYYY-MM-DD' the new price was checked; null: unknown. */
  checkedOn: string | null;
}

export interface PriceAlertMailLinks {
  siteUrl: string;
  unsubscribeUrl: string;
  preferencesUrl: string;
}

const MEDICATION_WORDS: Readonly<Record<PriceAlertMedication, string>> = {
  semaglutide: 'Semaglutide',
  tirzepatide: 'Tirzepatide',
};

const DAY = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** '2026-11-20' -> 'Nov 20, 2026'; null when it is no date. */
export function checkedDayText(day: string | null): string | null {
  if (day === null || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? null : DAY.format(date);
}

const checkedText = (day: string | null) => {
  const text = checkedDayText(day);
  return text ? `price checked ${text}` : 'check date unknown';
};

const placeName = (state: string | undefined) =>
  state && isStateCode(state) ? stateName(state) : (state ?? '');

/** 'Acme — Semaglutide: $299 → $249 a month (price checked Nov 20, 2026)'. */
export function priceAlertLineText(line: PriceAlertLine): string {
  const medication = MEDICATION_WORDS[line.medication];
  if (line.kind === 'provider') {
    return `${line.providerName} — ${medication}: ${formatUsd(line.from ?? line.to)} → ${formatUsd(line.to)} a month (${checkedText(line.checkedOn)})`;
  }
  const change =
    line.from === null
      ? `now ${formatUsd(line.to)}`
      : `${formatUsd(line.from)} → ${formatUsd(line.to)}`;
  return `Cheapest ${medication.toLowerCase()} in ${placeName(line.state)}: ${change} a month all-in, under your ${formatUsd(line.below ?? 0)} (${line.providerName}, ${checkedText(line.checkedOn)})`;
}

/** Where the line's price is seen: the provider's page, or /cost for the state. */
export function priceAlertLineUrl(siteUrl: string, line: PriceAlertLine): string {
  const site = siteUrl.replace(/\/$/, '');
  if (line.kind === 'provider') return `${site}/providers/${encodeURIComponent(line.providerSlug)}`;
  const query = new URLSearchParams({ medication: line.medication, state: line.state ?? '' });
  return `${site}/cost?${query.toString()}`;
}

export function priceAlertSubject(lines: readonly PriceAlertLine[]): string {
  const [first] = lines;
  if (lines.length !== 1 || !first) return `Price alert: ${lines.length} prices you follow changed`;
  const medication = MEDICATION_WORDS[first.medication];
  if (first.kind === 'provider') {
    const way = first.from !== null && first.to < first.from ? 'dropped' : 'rose';
    return `Price alert: ${first.providerName} ${medication} ${way} to ${formatUsd(first.to)} a month`;
  }
  return `Price alert: ${medication} in ${placeName(first.state)} now ${formatUsd(first.to)} a month all-in`;
}

const listUnsubscribe = (link: string) => ({
  'List-Unsubscribe': `<${link}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});

/** The day's alert mail to one subscriber. */
export function priceAlertMessage(
  to: string,
  lines: readonly PriceAlertLine[],
  links: PriceAlertMailLinks,
  footerLine: string,
): MailMessage {
  const subject = priceAlertSubject(lines);
  const items = lines
    .map((line) => {
      const url = priceAlertLineUrl(links.siteUrl, line);
      return `<li>${escapeHtml(priceAlertLineText(line))} <a href="${escapeHtml(url)}">${escapeHtml(url)}</a></li>`;
    })
    .join('');
  const bodyHtml =
    `<p>A price you asked us to watch changed:</p><ul>${items}</ul>` +
    `<p>Prices change often: check the provider's site before you buy. You get at most one alert e-mail a day.</p>`;
  const mail = renderIssueMail(
    { subject, preheader: lines.map(priceAlertLineText)[0] ?? subject, bodyHtml },
    { ...links, archiveUrl: `${links.siteUrl.replace(/\/$/, '')}/cost` },
    footerLine,
  );
  return {
    to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    headers: listUnsubscribe(links.unsubscribeUrl),
  };
}

/** The confirmation mail of a subscriber's first alert: one link, which confirms on a button. */
export function priceAlertConfirmMessage(
  to: string,
  confirmUrl: string,
  links: PriceAlertMailLinks,
  footerLine: string,
): MailMessage {
  const subject = 'Confirm your price alert';
  const bodyHtml =
    `<p>You asked to be told when a GLP-1 price changes. Confirm this address to start your alerts:</p>` +
    `<p><a href="${escapeHtml(confirmUrl)}">${escapeHtml(confirmUrl)}</a></p>` +
    `<p>If it was not you, ignore this e-mail: without the confirmation no alert is sent.</p>`;
  const mail = renderIssueMail(
    { subject, preheader: 'One click to start your price alerts.', bodyHtml },
    { ...links, archiveUrl: `${links.siteUrl.replace(/\/$/, '')}/cost` },
    footerLine,
  );
  return {
    to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    headers: listUnsubscribe(links.unsubscribeUrl),
  };
}
