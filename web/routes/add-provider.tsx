import { createFileRoute } from '@tanstack/react-router';
import { ADD_PROVIDER_PAGE } from '../../domain/site-content/pages';
import { ADD_PROVIDER_PAGE_META } from '../../domain/site-content/page-meta';
import {
  AddProviderPage,
  type AddProviderSearch,
} from '../features/submissions/components/add-provider-page';
import { pageHead } from '../lib/site';

const STATUSES = ['sent', 'invalid', 'limited', 'failed', 'too-fast'] as const;

/** ?status= and ?fields= come back from the form's no-JavaScript post; anything else is ignored. */
function parseSearch(search: Record<string, unknown>): AddProviderSearch {
  const status = STATUSES.find((s) => s === search.status);
  const fields = typeof search.fields === 'string' ? search.fields.slice(0, 200) : undefined;
  return { ...(status ? { status } : {}), ...(status === 'invalid' && fields ? { fields } : {}) };
}

export const Route = createFileRoute('/add-provider')({
  validateSearch: parseSearch,
  head: () => pageHead(ADD_PROVIDER_PAGE_META),
  component: AddProviderRoute,
});

function AddProviderRoute() {
  return <AddProviderPage page={ADD_PROVIDER_PAGE} search={Route.useSearch()} />;
}
