/**
 * A moment on a back-office screen, in the administrator's own zone (the browser's): 'Nov 30,
 * 2026, 9:00 AM', or with `seconds` '9:00:33 AM'; '' when missing or not a date. One formatter
 * for every screen (eight screens each had their own copy of this line).
 */
export function formatLocalDateTime(
  iso: string | null | undefined,
  { seconds = false }: { seconds?: boolean } = {},
): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return (seconds ? WITH_SECONDS : TO_THE_MINUTE).format(date);
}

// Built once (a formatter is costly to build); the zone is the browser's, read at first use.
const TO_THE_MINUTE = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const WITH_SECONDS = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium' });
