import { createFileRoute, useRouter } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { archiveQuery } from '../../features/newsletter/api/archive';
import { ArchiveError, ArchiveList } from '../../features/newsletter/components/archive-list';
import { NewsletterSignup } from '../../features/newsletter/components/newsletter-signup';
import { archiveFeedLinks, archiveHead } from '../../features/newsletter/archive-head';

/** /newsletter: the public archive of sent issues, with the signup form. */
export const Route = createFileRoute('/newsletter/')({
  loader: async ({ context: { queryClient, api } }) => {
    await queryClient.ensureQueryData(archiveQuery(api));
  },
  head: ({ match }) => {
    const list = match.context.queryClient.getQueryData(archiveQuery(match.context.api).queryKey);
    return {
      meta: archiveHead(list ?? [], match.context.siteUrl),
      links: archiveFeedLinks(match.context.siteUrl),
    };
  },
  errorComponent: ArchiveErrorRoute,
  component: ArchiveRoute,
});

function ArchiveRoute() {
  const { api } = Route.useRouteContext();
  const { data } = useSuspenseQuery(archiveQuery(api));
  return <ArchiveList issues={data} signup={<NewsletterSignup />} />;
}

function ArchiveErrorRoute({ reset }: { reset: () => void }) {
  const router = useRouter();
  return (
    <ArchiveError
      onRetry={() => {
        void router.invalidate().then(reset);
      }}
    />
  );
}
