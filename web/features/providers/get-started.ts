/**
 * The one place a 'Get Started' link's address is made (cards, provider page, compare page):
 * /go/{slug}, where the server adds the affiliate tag, redirects and counts the click, with the
 * visitor's allowed campaign parameters.
 */
import { useLocation } from '@tanstack/react-router';
import { goPath } from '../../../domain/clicks/paths';
import { providerSlug } from '../../../domain/providers/slug';
import { useHydrated } from '../../lib/use-hydrated';

export function getStartedHref(
  provider: { name: string },
  visitorQuery: string | URLSearchParams | null | undefined,
): string {
  return goPath(providerSlug(provider.name), visitorQuery);
}

/**
 * The visitor's query string once the page runs in the browser, '' on the server: the server's
 * HTML is the same for every visitor, so the page cache keeps one copy.
 */
export function useVisitorQuery(): string {
  const searchStr = useLocation({ select: (l) => l.searchStr });
  return useHydrated() ? searchStr : '';
}
