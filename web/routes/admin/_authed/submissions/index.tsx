import { createFileRoute } from '@tanstack/react-router';
import { adminHead } from '../../../../lib/back-office';
import { SubmissionsInbox } from '../../../../features/submissions/components/submissions-inbox';
import type { SubmissionSearch } from '../../../../features/submissions/api/admin-submissions';
import {
  SUBMISSION_PAGE_SIZES,
  SUBMISSION_STATUSES,
} from '../../../../../domain/submissions/lists';
import { definedOnly, oneOfParam, textParam, wholeParam } from '../../../../lib/search-params';

/**
 * Each parameter the inbox understands is kept; one it cannot read is dropped, not an error page.
 * The same rules as submissionListParams, without zod (this file is in every page's route tree).
 */
function readSearch(search: Record<string, unknown>): SubmissionSearch {
  const pageSize = wholeParam(search.pageSize, 1, 100);
  return definedOnly({
    status: oneOfParam(search.status, SUBMISSION_STATUSES),
    q: textParam(search.q, 200),
    page: wholeParam(search.page, 1, 100_000),
    pageSize:
      pageSize !== undefined && (SUBMISSION_PAGE_SIZES as readonly number[]).includes(pageSize)
        ? pageSize
        : undefined,
  });
}

export const Route = createFileRoute('/admin/_authed/submissions/')({
  validateSearch: readSearch,
  head: () => adminHead('Submissions'),
  component: SubmissionsRoute,
});

function SubmissionsRoute() {
  const navigate = Route.useNavigate();
  return (
    <SubmissionsInbox
      search={Route.useSearch()}
      onSearchChange={(next) => void navigate({ search: next, replace: true })}
    />
  );
}
