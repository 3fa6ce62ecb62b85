import { createFileRoute } from '@tanstack/react-router';
import { adminHead } from '../../../lib/back-office';
import { SubscriptionsPage } from '../../../features/newsletter/components/subscriptions-page';
import type { SubscriptionSearch } from '../../../features/newsletter/api/admin-subscriptions';
import { subscriptionListParams } from '../../../../api/newsletter/contracts';

/** Each parameter the list understands is kept; one it cannot read is dropped, not an error page. */
function readSearch(search: Record<string, unknown>): SubscriptionSearch {
  const out: SubscriptionSearch = {};
  const q = subscriptionListParams.shape.q.safeParse(search.q);
  if (q.success && q.data) out.q = q.data;
  const status = subscriptionListParams.shape.status.safeParse(search.status);
  if (status.success && status.data) out.status = status.data;
  if (search.page !== undefined) {
    const page = subscriptionListParams.shape.page.safeParse(search.page);
    if (page.success) out.page = page.data;
  }
  if (search.pageSize !== undefined) {
    const size = subscriptionListParams.shape.pageSize.safeParse(search.pageSize);
    if (size.success) out.pageSize = size.data;
  }
  return out;
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
