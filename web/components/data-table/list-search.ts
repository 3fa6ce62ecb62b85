/**
 * A back-office list's search box: the text as typed, sent to the URL 250 ms after the last
 * keystroke. A search still waiting is dropped when the administrator leaves the list (Edit,
 * Add, a row's link): the list stays mounted while the next route's code loads, and the timer
 * would otherwise navigate back to the list from under them.
 */
import { useEffect, useRef, useState } from 'react';
import { useRouter, useRouterState } from '@tanstack/react-router';

/** How long the search box waits after the last keystroke before sending its text. */
export const SEARCH_DELAY_MS = 250;

/** A navigation leaves the list when it goes to another path (a search or filter stays). */
export const leavesList = (listPath: string, nextPath: string): boolean => listPath !== nextPath;

/**
 * `sent` is the search in the URL; `send` puts a new one there. Returns the text to show and
 * its setter; `reset` empties the box without sending (the caller clears the URL itself).
 */
export function useListSearch(sent: string | undefined, send: (q: string | undefined) => void) {
  const [text, setText] = useState(sent ?? '');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const router = useRouter();
  const listPath = useRouterState({ select: (state) => state.location.pathname });

  useEffect(() => {
    if ((sent ?? '') === text) return;
    timer.current = setTimeout(() => send(text || undefined), SEARCH_DELAY_MS);
    return () => clearTimeout(timer.current);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the typed text restarts the timer
  }, [text]);

  useEffect(
    () =>
      router.subscribe('onBeforeNavigate', ({ toLocation }) => {
        if (leavesList(listPath, toLocation.pathname)) clearTimeout(timer.current);
      }),
    [router, listPath],
  );

  return { text, setText, reset: () => setText('') };
}
