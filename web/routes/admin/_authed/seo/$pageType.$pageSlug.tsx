import { createFileRoute, notFound } from '@tanstack/react-router';
import { SEO_PAGE_TYPES, seoPath, type SeoPageType } from '../../../../../domain/site-content/seo';
import { adminHead } from '../../../../lib/back-office';
import { SeoEditor } from '../../../../features/site-content/components/admin/seo-editor';
import { AuditTimeline } from '../../../../features/audit/components/provider-timeline';

const isPageType = (value: string): value is SeoPageType =>
  (SEO_PAGE_TYPES as readonly string[]).includes(value);

export const Route = createFileRoute('/admin/_authed/seo/$pageType/$pageSlug')({
  beforeLoad: ({ params }) => {
    if (!isPageType(params.pageType)) throw notFound();
  },
  head: () => adminHead('Edit SEO override'),
  component: EditSeoRoute,
});

function EditSeoRoute() {
  const { pageType, pageSlug } = Route.useParams();
  const navigate = Route.useNavigate();
  if (!isPageType(pageType)) return null;
  const page = { pageType, pageSlug };
  return (
    <div className="grid gap-8">
      <SeoEditor page={page} onDone={() => void navigate({ to: '/admin/seo' })} />
      <AuditTimeline subjectId={seoPath(page)} caption="History of this SEO override" />
    </div>
  );
}
