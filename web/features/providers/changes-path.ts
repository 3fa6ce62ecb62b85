import { PROVIDER_PAGES_PATH } from '../../../domain/providers/slug';

/** A provider's public change log: /providers/{slug}/changes[?page=N]. */
export function changesPath(slug: string, page = 1): string {
  return `${PROVIDER_PAGES_PATH}/${slug}/changes${page > 1 ? `?page=${page}` : ''}`;
}
