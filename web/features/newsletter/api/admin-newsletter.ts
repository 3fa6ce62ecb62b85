/**
 * The back office's newsletter desk: GET /api/admin/newsletter (mailing state, recipients, the
 * draft, past issues, the last compose run) and the issue's commands (compose, create, save,
 * test, schedule, unschedule, cancel, send).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  NEWSLETTER_ISSUE_PATHS,
  type ComposeAnswer,
  type ComposeRunView,
  type IssueContentBody,
  type IssueStatusView,
  type IssueSummary,
  type IssueView,
  type NewsletterOverview,
} from '../../../../api/newsletter/contracts';
import { request } from '../../../lib/http-client';
import { retryOnce, useAdminCommand } from '../../../lib/back-office';

export type {
  ComposeAnswer as ComposeOutcome,
  ComposeRunView as ComposeRun,
  IssueContentBody as IssueFields,
  IssueStatusView as IssueStatus,
  IssueSummary,
  IssueView,
  NewsletterOverview as NewsletterDeskView,
};

export type MailingState = NewsletterOverview['mailing'];

export const NEWSLETTER_DESK_PATHS = {
  ...NEWSLETTER_ISSUE_PATHS,
  /** The saved e-mail as a page for the preview frame; `r` (the revision) reloads it after a save. */
  previewFrame: (id: string, part: 'html' | 'text', revision: number) => {
    const page = NEWSLETTER_ISSUE_PATHS.previewPage(id, part);
    return `${page}${page.includes('?') ? '&' : '?'}r=${revision}`;
  },
} as const;

export const NEWSLETTER_DESK_KEY = ['admin', 'newsletter', 'desk'] as const;

export const newsletterDeskQuery = () =>
  queryOptions({
    queryKey: NEWSLETTER_DESK_KEY,
    queryFn: ({ signal }) =>
      request<NewsletterOverview>('GET', NEWSLETTER_ISSUE_PATHS.overview, { signal }),
    retry: retryOnce,
    staleTime: 0,
  });

export function useNewsletterDesk() {
  return useQuery(newsletterDeskQuery());
}

export function useComposeIssue() {
  return useAdminCommand((_: void, csrfToken) =>
    request<ComposeAnswer>('POST', NEWSLETTER_DESK_PATHS.compose, { csrfToken }),
  );
}

export function useSaveIssue() {
  return useAdminCommand(
    ({ id, body }: { id: string | null; body: IssueContentBody }, csrfToken) =>
      id === null
        ? request<{ issue: IssueView }>('POST', NEWSLETTER_DESK_PATHS.issues, { body, csrfToken })
        : request<{ issue: IssueView }>('PUT', NEWSLETTER_DESK_PATHS.issue(id), {
            body,
            csrfToken,
          }),
  );
}

export function useSendTestIssue() {
  return useAdminCommand((id: string, csrfToken) =>
    request<{ to: string }>('POST', NEWSLETTER_DESK_PATHS.test(id), { csrfToken }),
  );
}

export function useScheduleIssue() {
  return useAdminCommand(({ id, sendAt }: { id: string; sendAt: string }, csrfToken) =>
    request<unknown>('POST', NEWSLETTER_DESK_PATHS.schedule(id), { body: { sendAt }, csrfToken }),
  );
}

export function useUnscheduleIssue() {
  return useAdminCommand((id: string, csrfToken) =>
    request<unknown>('POST', NEWSLETTER_DESK_PATHS.unschedule(id), { csrfToken }),
  );
}

export function useCancelIssue() {
  return useAdminCommand((id: string, csrfToken) =>
    request<unknown>('POST', NEWSLETTER_DESK_PATHS.cancel(id), { csrfToken }),
  );
}

/** Sends to the number of recipients the administrator confirmed (409 when it changed since). */
export function useSendIssue() {
  return useAdminCommand(({ id, recipients }: { id: string; recipients: number }, csrfToken) =>
    request<{ recipients: number }>('POST', NEWSLETTER_DESK_PATHS.send(id), {
      body: { recipients },
      csrfToken,
    }),
  );
}
