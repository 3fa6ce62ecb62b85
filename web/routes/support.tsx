import { createFileRoute } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { SUPPORT_META } from '../../domain/site-content/page-meta';
import { siteSettingsQuery } from '../features/site-content/api/site-settings';
import { SupportPage } from '../features/site-content/components/support-page';
import { pageHead } from '../lib/site';

export const Route = createFileRoute('/support')({
  loader: ({ context }) => context.queryClient.ensureQueryData(siteSettingsQuery(context.api)),
  head: () => pageHead(SUPPORT_META),
  component: SupportRoute,
});

function SupportRoute() {
  const { api } = Route.useRouteContext();
  const settings = useSuspenseQuery(siteSettingsQuery(api)).data;
  return <SupportPage donationUrl={settings.donationUrl} />;
}
