import { createFileRoute, notFound } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { archivedIssueQuery } from '../../features/newsletter/api/archive';
import {
  ArchiveIssue,
  ArchiveIssueNotFound,
} from '../../features/newsletter/components/archive-issue';
import { NewsletterSignup } from '../../features/newsletter/components/newsletter-signup';
import {
  archivedIssueHead,
  archivedIssueNotFoundHead,
  archiveFeedLinks,
} from '../../features/newsletter/archive-head';

/** /newsletter/{slug}: one sent issue. A draft or an unknown slug is 404 (noindex). */
export const Route = createFileRoute('/newsletter/$slug')({
  loader: async ({ context: { queryClient, api }, params: { slug } }) => {
    const issue = await queryClient.ensureQueryData(archivedIssueQuery(api, slug));
    if (!issue) throw notFound();
  },
  head: ({ match, params }) => {
    const issue = match.context.queryClient.getQueryData(
      archivedIssueQuery(match.context.api, params.slug).queryKey,
    );
    return issue
      ? {
          meta: archivedIssueHead(issue, match.context.siteUrl),
          links: archiveFeedLinks(match.context.siteUrl),
        }
      : { meta: archivedIssueNotFoundHead() };
  },
  notFoundComponent: IssueNotFoundRoute,
  component: IssueRoute,
});

function IssueRoute() {
  const { slug } = Route.useParams();
  const { api } = Route.useRouteContext();
  const { data } = useSuspenseQuery(archivedIssueQuery(api, slug));
  // The loader answered 'not found' before this renders; a null here is only a stale cache.
  if (!data) return <ArchiveIssueNotFound slug={slug} />;
  return <ArchiveIssue issue={data} signup={<NewsletterSignup />} />;
}

function IssueNotFoundRoute() {
  const { slug } = Route.useParams();
  return <ArchiveIssueNotFound slug={slug} />;
}
