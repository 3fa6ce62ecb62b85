import { createFileRoute } from '@tanstack/react-router';
import { adminHead } from '../../../../lib/back-office';
import { SubmissionDetail } from '../../../../features/submissions/components/submission-detail';

export const Route = createFileRoute('/admin/_authed/submissions/$id')({
  head: () => adminHead('Submission'),
  component: SubmissionRoute,
});

function SubmissionRoute() {
  const { id } = Route.useParams();
  return <SubmissionDetail id={id} />;
}
