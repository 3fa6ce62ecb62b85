/**
 * 'Revert this change' (issue 27): the event that sets a field back names the change it takes
 * back, so the audit log can say 'Reverted "Price" (change of Nov 3 by ann@example.com)'
 * without looking the old entry up again. Carried in the data of the change events that a
 * revert may produce; absent on every ordinary edit.
 */
import { z } from 'zod';

export const revertedChangeSchema = z.object({
  /** The reverted event's id and global position (the audit entry's position). */
  eventId: z.string().min(1),
  position: z.string().regex(/^\d+$/),
  /** The field set back, as the audit log names it ('websiteUrl', 'prices.semaglutide'). */
  field: z.string().min(1),
  /** The field's label as the back office shows it ('Website URL'). */
  label: z.string().min(1),
  /** When the reverted change happened and who made it (their e-mail, or 'System'). */
  occurredAt: z.iso.datetime(),
  by: z.string().min(1),
});
export type RevertedChange = z.infer<typeof revertedChangeSchema>;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'Nov 3' (UTC): the day a change happened, as refusals and summaries name it. */
export function changeDay(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}`;
}

/** 'Reverted "Price" (change of Nov 3 by ann@example.com)'. */
export function revertSummary(reverted: RevertedChange): string {
  return `Reverted "${reverted.label}" (change of ${changeDay(reverted.occurredAt)} by ${reverted.by})`;
}
