import { createFileRoute } from '@tanstack/react-router';
import { adminHead } from '../../../../../lib/back-office';
import { ProviderEditScreen } from '../../../../../features/providers/components/provider-edit-screen';
import { ProviderTimeline } from '../../../../../features/audit/components/provider-timeline';

export const Route = createFileRoute('/admin/_authed/providers/$id/edit')({
  head: () => adminHead('Edit provider'),
  component: EditProviderRoute,
});

/** The edit form at its own address, and the provider's history under it. */
function EditProviderRoute() {
  const { id } = Route.useParams();
  const navigate = Route.useNavigate();
  return (
    <div className="grid gap-8">
      <ProviderEditScreen id={id} onDone={() => void navigate({ to: '/admin/providers' })} />
      <ProviderTimeline subjectId={id} />
    </div>
  );
}
