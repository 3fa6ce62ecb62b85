/**
 * What the rebuild thread (./rebuild-worker.ts) needs of the capabilities, listed here from
 * their own modules instead of read off CAPABILITY_LIST: each capability's module loads its
 * commands, queries, jobs and mails, and loading them all took the thread 0.7 s before it
 * replayed anything (1.5 to 2 s while the main thread replays), which outweighed what the
 * second core saved on logs under 100,000 events. A test checks these are the capabilities'
 * own (tests/platform/projection/rebuild-elsewhere.test.ts).
 */
import type { EventStore } from '../../commands/event-store';
import { adminAudit } from '../../projections/admins/audit';
import { createAuditProjector, type AuditDescriber } from '../../projections/audit';
import { blogAudit } from '../../projections/blog/audit';
import { contactAudit } from '../../projections/contact/audit';
import { keywordsAudit } from '../../projections/keywords/audit';
import { mediaAudit } from '../../projections/media/audit';
import { newsletterAuditDescriber } from '../../projections/newsletter/audit-describer';
import { operationsAudit } from '../../projections/operations/audit';
import type { Projector } from '../../projections/projector';
import { providerAudit } from '../../projections/providers/audit';
import { siteContentAudit } from '../../projections/site-content/audit';
import { submissionsAudit } from '../../projections/submissions/audit';
import { sealedSubscriberEmails } from '../newsletter/event-log';
import type { EventLogHook } from './capability';
import { openDecoratedEventLog } from './event-log';
import { buildConfig } from './platform-config';

/** Every capability's audit describer, in CAPABILITY_LIST's order. */
export const THREAD_AUDIT_DESCRIBERS: readonly AuditDescriber[] = [
  providerAudit,
  adminAudit,
  newsletterAuditDescriber,
  siteContentAudit,
  contactAudit,
  blogAudit,
  submissionsAudit,
  keywordsAudit,
  mediaAudit,
  operationsAudit,
];

/** Every capability's event log hook, in CAPABILITY_LIST's order (the log reads as the app's). */
export const THREAD_EVENT_LOG_HOOKS: readonly EventLogHook<object>[] = [sealedSubscriberEmails];

/** The projectors the thread can replay, built as appProjectors builds them. */
export function threadProjectors(): Projector[] {
  return [createAuditProjector(THREAD_AUDIT_DESCRIBERS)];
}

/** The embedded log in `dataDir`, decorated as the app's (subscribers' addresses opened). */
export async function openThreadEventLog(dataDir: string): Promise<EventStore> {
  const config = buildConfig([], { PROFILE: 'embedded', DATA_DIR: dataDir }, dataDir);
  return (await openDecoratedEventLog(THREAD_EVENT_LOG_HOOKS, config, null)).eventStore;
}
