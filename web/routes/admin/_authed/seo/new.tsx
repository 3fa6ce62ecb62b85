import { createFileRoute } from '@tanstack/react-router';
import { adminHead } from '../../../../lib/back-office';
import { SeoEditor } from '../../../../features/site-content/components/admin/seo-editor';

export const Route = createFileRoute('/admin/_authed/seo/new')({
  head: () => adminHead('New SEO override'),
  component: NewSeoRoute,
});

function NewSeoRoute() {
  const navigate = Route.useNavigate();
  return <SeoEditor page={null} onDone={() => void navigate({ to: '/admin/seo' })} />;
}
