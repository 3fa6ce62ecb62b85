import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { isUnauthorized } from '../../lib/http-client';

/**
 * Calls `onUnauthorized` when any admin query or command answers 401 (the session expired
 * or was revoked). Used by the signed-in layout only: on the login page a 401 is a wrong password.
 */
export function useOnUnauthorized(onUnauthorized: () => void) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const check = (action: { type: string; error?: unknown }) => {
      if (action.type === 'error' && isUnauthorized(action.error)) onUnauthorized();
    };
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated') check(event.action as { type: string; error?: unknown });
    });
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated') check(event.action as { type: string; error?: unknown });
    });
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [queryClient, onUnauthorized]);
}
