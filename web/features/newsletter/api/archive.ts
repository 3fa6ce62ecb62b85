/**
 * The public archive of sent issues: GET /api/newsletter/issues (newest first) and
 * GET /api/newsletter/issues/:slug (found, or missing unless sent: read as null, so the route
 * answers 'not found'). Read through the router context's ApiClient, so SSR answers them in
 * process.
 */
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../../../api/contracts/http';
import {
  NEWSLETTER_ISSUE_PATHS,
  type ArchivedIssueLookup,
  type SentIssueView,
} from '../../../../api/newsletter/contracts';

export type ArchivedIssueSummary = SentIssueView;
/** A sent issue with its body (sanitised on save and when read by the server). */
export type ArchivedIssue = Extract<ArchivedIssueLookup, { status: 'found' }>['issue'];

export const ARCHIVE_PATHS = {
  issues: NEWSLETTER_ISSUE_PATHS.archiveRead,
  issue: (slug: string) =>
    NEWSLETTER_ISSUE_PATHS.archiveIssueRead.replace(':slug', encodeURIComponent(slug)),
  feed: NEWSLETTER_ISSUE_PATHS.feed,
  page: NEWSLETTER_ISSUE_PATHS.archive,
  issuePage: NEWSLETTER_ISSUE_PATHS.archiveIssue,
} as const;

const isNotFound = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 404;

export const archiveQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: ['newsletter', 'archive'] as const,
    queryFn: () => api.get<SentIssueView[]>(ARCHIVE_PATHS.issues),
  });

export const archivedIssueQuery = (api: ApiClient, slug: string) =>
  queryOptions({
    queryKey: ['newsletter', 'archive', slug] as const,
    queryFn: async (): Promise<ArchivedIssue | null> => {
      try {
        const found = await api.get<ArchivedIssueLookup>(ARCHIVE_PATHS.issue(slug));
        return found.status === 'found' ? found.issue : null;
      } catch (error) {
        // A 404 reads the same as 'missing' (a proxy's, or an older server's answer).
        if (isNotFound(error)) return null;
        throw error;
      }
    },
  });
