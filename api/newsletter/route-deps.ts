/**
 * What the newsletter's routes files are given: the capability's whole command set and queries
 * (subscribers, issues, price alerts), as api/newsletter/capability.ts passes them.
 */
import type { newsletter } from '../../workers/newsletter/capability';
import type { NewsletterPorts } from '../../workers/newsletter/event-log';
import type { RouteDeps } from '../bootstrap/capability';

type NewsletterBackend = typeof newsletter;

export type NewsletterRouteDeps = RouteDeps<
  NonNullable<NewsletterBackend['commands']>,
  ReturnType<NonNullable<NewsletterBackend['queries']>>,
  NewsletterPorts
>;
