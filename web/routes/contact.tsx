import { createFileRoute } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { CONTACT_META } from '../../domain/site-content/page-meta';
import { ContactPage, type ContactPageSearch } from '../features/contact/components/contact-page';
import { siteSettingsQuery } from '../features/site-content/api/site-settings';
import { pageHead } from '../lib/site';

const STATUSES = ['sent', 'invalid', 'limited', 'failed'] as const;

/** ?status= and ?fields= come back from the form's no-JavaScript post; anything else is ignored. */
function parseSearch(search: Record<string, unknown>): ContactPageSearch {
  const status = STATUSES.find((s) => s === search.status);
  const fields = typeof search.fields === 'string' ? search.fields.slice(0, 100) : undefined;
  return { ...(status ? { status } : {}), ...(status === 'invalid' && fields ? { fields } : {}) };
}

export const Route = createFileRoute('/contact')({
  validateSearch: parseSearch,
  loader: ({ context }) => context.queryClient.ensureQueryData(siteSettingsQuery(context.api)),
  head: () => pageHead(CONTACT_META),
  component: ContactRoute,
});

function ContactRoute() {
  const { api } = Route.useRouteContext();
  const settings = useSuspenseQuery(siteSettingsQuery(api)).data;
  return <ContactPage contactEmail={settings.contactEmail} search={Route.useSearch()} />;
}
