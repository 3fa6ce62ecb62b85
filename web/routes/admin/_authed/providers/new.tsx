import { createFileRoute } from '@tanstack/react-router';
import { adminHead } from '../../../../lib/back-office';
import { ProviderEditScreen } from '../../../../features/providers/components/provider-edit-screen';

export const Route = createFileRoute('/admin/_authed/providers/new')({
  head: () => adminHead('Add provider'),
  component: NewProviderRoute,
});

function NewProviderRoute() {
  const navigate = Route.useNavigate();
  return <ProviderEditScreen id={null} onDone={() => void navigate({ to: '/admin/providers' })} />;
}
