import { createFileRoute, notFound } from '@tanstack/react-router';
import { isSiteContentKey } from '../../../../../domain/site-content/keys';
import { adminHead } from '../../../../lib/back-office';
import { SiteContentEditor } from '../../../../features/site-content/components/admin/site-content-editor';
import { AuditTimeline } from '../../../../features/audit/components/provider-timeline';

export const Route = createFileRoute('/admin/_authed/site-content/$key')({
  beforeLoad: ({ params }) => {
    if (!isSiteContentKey(params.key)) throw notFound();
  },
  head: () => adminHead('Edit site content'),
  component: EditSiteContentRoute,
});

function EditSiteContentRoute() {
  const { key } = Route.useParams();
  const navigate = Route.useNavigate();
  if (!isSiteContentKey(key)) return null;
  return (
    <div className="grid gap-8">
      <SiteContentEditor
        contentKey={key}
        onDone={() => void navigate({ to: '/admin/site-content' })}
      />
      <AuditTimeline subjectId={key} caption={`History of the site content ${key}`} />
    </div>
  );
}
