/** The providers capability's page reads: a provider page, the compare table, the index. */
import { parseCompareSelection, unknownProvidersMessage } from '../../domain/providers/compare';
import type { ProviderPageView } from '../../domain/providers/provider-page';
import {
  inRankingOrder,
  medicationOfFilter,
  parseRankedListParams,
  providerListView,
} from '../../domain/providers/list-view';
import { PROVIDER_PAGES_PATH } from '../../domain/providers/slug';
import { pageItems, pageOf, parsePageParam } from '../../domain/shared/paging';
import { isStateCode, stateName } from '../../domain/shared/reference/states';
import { PROVIDER_CHANGES_PAGE_SIZE, type ProviderQueries } from '../../projections/providers';
import { HttpError } from '../http/errors';
import {
  PROVIDER_INDEX_PAGE_SIZE,
  PROVIDER_NOT_FOUND,
  type CompareView,
  type FeaturedRankingView,
  type ProviderIndexView,
  type ProviderChangesView,
  type ProviderLinkView,
} from './contracts';

export async function readProviderPage(
  queries: ProviderQueries,
  slug: string,
): Promise<ProviderPageView> {
  const page = await queries.providerPage(slug.trim().toLowerCase());
  if (!page) throw new HttpError(404, PROVIDER_NOT_FOUND);
  return page;
}

/** The change log's pages: 1, 2, 3… (a page past the last is empty, not an error). */
const MAX_CHANGES_PAGE = 10_000;

/**
 * One listed provider's change log, newest first: 404 for an unknown slug, 400 naming `page`
 * when it is not a whole number from 1.
 */
export async function readProviderChanges(
  queries: ProviderQueries,
  slug: string,
  params: Record<string, string>,
): Promise<ProviderChangesView> {
  const raw = (params.page ?? '').trim() || '1';
  const page = Number(raw);
  if (!/^\d{1,5}$/.test(raw) || page < 1 || page > MAX_CHANGES_PAGE) {
    throw new HttpError(
      400,
      `page must be a whole number from 1 to ${MAX_CHANGES_PAGE.toLocaleString('en-US')}`,
    );
  }
  const provider = await queries.listedProvider(slug.trim().toLowerCase());
  if (!provider) throw new HttpError(404, PROVIDER_NOT_FOUND);
  const pageSize = PROVIDER_CHANGES_PAGE_SIZE;
  const { entries, total } = await queries.providerChanges(provider.id, page, pageSize);
  return {
    provider: {
      name: provider.name,
      slug: provider.slug,
      path: `${PROVIDER_PAGES_PATH}/${provider.slug}`,
    },
    entries,
    page,
    pageSize,
    total,
  };
}

/**
 * Two to four providers side by side: 400 naming the count when there are fewer or more;
 * 404 naming every unknown slug; 400 for a state that is not a US state code.
 */
export async function readComparison(
  queries: ProviderQueries,
  params: Record<string, string>,
): Promise<CompareView> {
  const selection = parseCompareSelection(params.providers ?? '');
  if (!selection.ok) throw new HttpError(400, selection.message);
  let state: CompareView['state'] = null;
  if (params.state !== undefined && params.state.trim() !== '') {
    const code = params.state.trim().toUpperCase();
    if (!isStateCode(code))
      throw new HttpError(400, `Unknown US state "${params.state.slice(0, 20)}"`);
    state = { code, name: stateName(code) };
  }
  const { pages, missing } = await queries.providerPages(selection.slugs);
  if (missing.length > 0) throw new HttpError(404, unknownProvidersMessage(missing));
  return { providers: pages, state };
}

export async function readProviderLinks(queries: ProviderQueries): Promise<ProviderLinkView[]> {
  return (await queries.listedProviderLinks()).map(({ name, slug }) => ({
    name,
    slug,
    path: `${PROVIDER_PAGES_PATH}/${slug}`,
  }));
}

/**
 * One page of the A-to-Z index (/providers): 400 naming `page` when it is not a whole number
 * from 1; a page past the last is empty (the page itself answers 404 for it).
 */
export async function readProviderIndex(
  queries: ProviderQueries,
  params: Readonly<Record<string, string | undefined>>,
): Promise<ProviderIndexView> {
  const page = parsePageParam(params.page);
  if (!page.ok) throw new HttpError(400, page.message, { page: page.message });
  const { items, paging } = pageItems(
    await readProviderLinks(queries),
    PROVIDER_INDEX_PAGE_SIZE,
    page.page,
  );
  return { links: items, paging };
}

/** The home page's top N when the request names no limit. */
export const FEATURED_RANKING_DEFAULT_LIMIT = 10;

/**
 * The featured ranking filtered by medication and sorted as asked, one page of it (`limit`
 * cards, the home page's top N): 400 naming the parameter that is wrong.
 */
export async function readFeaturedRanking(
  queries: ProviderQueries,
  params: Readonly<Record<string, string | undefined>>,
): Promise<FeaturedRankingView> {
  const parsed = parseRankedListParams(params, FEATURED_RANKING_DEFAULT_LIMIT);
  if (!parsed.ok) throw new HttpError(400, parsed.message, { [parsed.field]: parsed.message });
  const { request } = parsed;
  if (inRankingOrder(request.sort)) {
    // The ranking's own order: the store cuts the page (the home page's default view).
    const { cards, total } = await queries.featuredProviderCardPage({
      medication: medicationOfFilter(request.medication),
      skip: (request.page - 1) * request.limit,
      limit: request.limit,
    });
    return { providers: cards, paging: pageOf(total, request.limit, request.page) };
  }
  const cards = providerListView(await queries.featuredProviderCards(), request);
  const { items, paging } = pageItems(cards, request.limit, request.page);
  return { providers: items, paging };
}
