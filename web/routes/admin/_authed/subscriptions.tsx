import { createFileRoute } from '@tanstack/react-router';
import { adminHead } from '../../../lib/back-office';
import { SubscriptionsPage } from '../../../features/newsletter/components/subscriptions-page';
import type { SubscriptionSearch } from '../../../features/newsletter/api/admin-subscriptions';
import {
  SUBSCRIPTION_PAGE_SIZES,
  SUBSCRIPTION_STATUSES,
} from '../../../../api/newsletter/contracts';
import { definedOnly, oneOfParam, textParam, wholeParam } from '../../../lib/search-params';

/**
 * Each parameter the list understands is kept; one it cannot read is dropped, not an error page.
 * The server's rules (api/newsletter/list-params.ts) without zod: this file is in every page's
 * route tree.
 */
function readSearch(search: Record<string, unknown>): SubscriptionSearch {
  const pageSize = wholeParam(search.pageSize, 1, 100);
  return definedOnly({
    q: textParam(search.q, 254),
    status: oneOfParam(search.status, SUBSCRIPTION_STATUSES),
    page: wholeParam(search.page, 1, 1_000_000),
    pageSize:
      pageSize !== undefined && (SUBSCRIPTION_PAGE_SIZES as readonly number[]).includes(pageSize)
        ? pageSize
        : undefined,
  });
}

export const Route = createFileRoute('/admin/_authed/subscriptions')({
  validateSearch: readSearch,
  head: () => adminHead('Email subscriptions'),
  component: SubscriptionsRoute,
});

function SubscriptionsRoute() {
  const navigate = Route.useNavigate();
  return (
    <SubscriptionsPage
      search={Route.useSearch()}
      onSearchChange={(next) => void navigate({ search: next, replace: true })}
    />
  );
}
