import { createFileRoute } from '@tanstack/react-router';
import { adminHead } from '../../../../lib/back-office';
import { SubmissionsInbox } from '../../../../features/submissions/components/submissions-inbox';
import type { SubmissionSearch } from '../../../../features/submissions/api/admin-submissions';
import { submissionListParams } from '../../../../../api/submissions/contracts';

/** Each parameter the inbox understands is kept; one it cannot read is dropped, not an error page. */
function readSearch(search: Record<string, unknown>): SubmissionSearch {
  const out: SubmissionSearch = {};
  const status = submissionListParams.shape.status.safeParse(search.status);
  if (status.success && status.data) out.status = status.data;
  const q = submissionListParams.shape.q.safeParse(search.q);
  if (q.success && q.data) out.q = q.data;
  if (search.page !== undefined) {
    const page = submissionListParams.shape.page.safeParse(search.page);
    if (page.success) out.page = page.data;
  }
  if (search.pageSize !== undefined) {
    const size = submissionListParams.shape.pageSize.safeParse(search.pageSize);
    if (size.success) out.pageSize = size.data;
  }
  return out;
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
