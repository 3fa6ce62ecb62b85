/** How newsletter issue events read in the audit log: who drafted, scheduled or sent which issue. */
import {
  asNewsletterIssueEvent,
  NEWSLETTER_ISSUE_EVENT_TYPES,
} from '../../domain/newsletter/issue-events';
import { quoted, type AuditDescriber } from '../audit';

export const newsletterIssueAudit: AuditDescriber = {
  eventTypes: NEWSLETTER_ISSUE_EVENT_TYPES,
  subjectOf: (event) => ({
    kind: 'newsletter-issue',
    id: (event.data as { issueId: string }).issueId,
  }),
  describe(recorded, id, known) {
    const event = asNewsletterIssueEvent(recorded);
    if (!event) throw new Error(`Not a newsletter issue event: ${recorded.type}`);
    const name = (known?.name as string | undefined) ?? id;
    const subject = (title: string) => ({ kind: 'newsletter-issue', id, name: title });
    const said = (summary: string, changedFields: string[] = []) => ({
      subject: subject(name),
      summary,
      changedFields,
    });
    switch (event.type) {
      case 'NewsletterIssueDrafted':
        return {
          subject: subject(event.data.subject),
          summary:
            event.data.composedBy === 'weekly'
              ? `Composed the weekly newsletter issue ${quoted(event.data.subject)}`
              : `Drafted the newsletter issue ${quoted(event.data.subject)}`,
          changedFields: [],
          remember: { name: event.data.subject },
        };
      case 'NewsletterIssueEdited': {
        const changed = event.data.subject !== name;
        return {
          subject: subject(event.data.subject),
          summary: `Edited the newsletter issue ${quoted(event.data.subject)}`,
          changedFields: ['subject', 'preheader', 'body'].filter((f) => f !== 'subject' || changed),
          ...(changed
            ? {
                changes: [{ field: 'subject', before: name, after: event.data.subject }],
                remember: { name: event.data.subject },
              }
            : {}),
        };
      }
      case 'NewsletterIssueScheduled':
        return said(
          `Scheduled the newsletter issue ${quoted(name)} to send at ${event.data.sendAt}`,
          ['sendAt'],
        );
      case 'NewsletterIssueUnscheduled':
        return said(`Unscheduled the newsletter issue ${quoted(name)}`, ['sendAt']);
      case 'NewsletterIssueSendingStarted':
        return said(
          `Started sending the newsletter issue ${quoted(name)} to ${event.data.recipients} subscribers`,
        );
      case 'NewsletterIssueSent': {
        const { sent, failed, bounced, recipients } = event.data;
        return said(
          `Sent the newsletter issue ${quoted(name)}: ${sent} of ${recipients} sent, ${failed} failed, ${bounced} bounced`,
        );
      }
      case 'NewsletterIssueCancelled':
        return said(`Cancelled the newsletter issue ${quoted(name)}`);
    }
  },
};
