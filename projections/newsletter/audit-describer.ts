/**
 * The newsletter's one audit describer: its subscriptions' and its issues' events. One object,
 * shared by the capability and the rebuild thread (workers/bootstrap/rebuild-thread-parts.ts).
 */
import { newsletterAudit } from './audit';
import { joinAuditDescribers } from './audit-parts';
import { newsletterIssueAudit } from './issue-audit';

export const newsletterAuditDescriber = joinAuditDescribers(newsletterAudit, newsletterIssueAudit);
