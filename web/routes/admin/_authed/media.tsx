import { createFileRoute } from '@tanstack/react-router';
import { adminHead } from '../../../lib/back-office';
import { MediaLibrary } from '../../../features/media/components/media-library';
import type { MediaSearch } from '../../../features/media/api/admin-media';
import { MEDIA_PAGE_SIZES } from '../../../../domain/media/list';
import { definedOnly, textParam, wholeParam } from '../../../lib/search-params';

/**
 * The library's search, page and page size from the URL; a value it cannot read is dropped.
 * Nothing from api/media/contracts here: this file is in every page's route tree.
 */
function readSearch(search: Record<string, unknown>): MediaSearch {
  const pageSize = wholeParam(search.pageSize, 1, 100);
  return definedOnly({
    q: textParam(search.q, 200),
    page: wholeParam(search.page, 1, 100_000),
    pageSize:
      pageSize !== undefined && (MEDIA_PAGE_SIZES as readonly number[]).includes(pageSize)
        ? pageSize
        : undefined,
  });
}

export const Route = createFileRoute('/admin/_authed/media')({
  validateSearch: readSearch,
  head: () => adminHead('Media'),
  component: MediaRoute,
});

function MediaRoute() {
  const navigate = Route.useNavigate();
  return (
    <MediaLibrary
      search={Route.useSearch()}
      onSearchChange={(next) => void navigate({ search: next, replace: true })}
    />
  );
}
