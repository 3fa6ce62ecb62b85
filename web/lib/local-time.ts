/**
 * A moment on a back-office screen, in the spec's form 'MMM dd, yyyy HH:mm' ('Nov 30, 2026
 * 09:00'; with `seconds` 'Nov 30, 2026 09:00:33'), in the administrator's own zone (the
 * browser's) unless `timeZone` names another; '' when missing or not a date. One formatter for
 * every back-office screen: the audit log, the trash and the Reddit jobs each had their own
 * form (24-hour, 12-hour with AM/PM, with and without the zone).
 */
export function formatLocalDateTime(
  iso: string | null | undefined,
  { seconds = false, timeZone }: { seconds?: boolean; timeZone?: string } = {},
): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of formatterFor(timeZone).formatToParts(date)) parts[part.type] = part.value;
  const time = `${parts.hour}:${parts.minute}${seconds ? `:${parts.second}` : ''}`;
  return `${parts.month} ${parts.day}, ${parts.year} ${time}`;
}

/** The administrator's time zone as the browser names it ('Europe/Paris'; 'UTC' when unknown). */
export function localTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

// Built once per zone (a formatter is costly to build); the browser's zone is read at first use.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      ...(timeZone ? { timeZone } : {}),
      year: 'numeric',
      month: 'short',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(key, formatter);
  }
  return formatter;
}
