import { useCallback, useEffect } from 'react';
import { useAtom, useSetAtom } from 'jotai';
import { useQueryClient } from '@tanstack/react-query';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Button } from '../../../components/ui/button';
import { useToast } from '../../../components/ui/toast';
import {
  CLEARED_ITEMS,
  CLEAR_CACHES_SHORTCUT_CONFIRM,
  browserCacheDeps,
  clearAllCaches,
  isClearCachesShortcut,
} from '../clear-caches';
import { clearCachesDialogAtom, clearingCachesAtom } from '../state';
import { ADMIN_PATHS } from '../../../../api/admins/contracts';
import { request } from '../../../lib/http-client';
import { useCsrfToken } from '../../../lib/back-office';

export function useClearAllCaches() {
  const [clearing, setClearing] = useAtom(clearingCachesAtom);
  const queryClient = useQueryClient();
  const csrfToken = useCsrfToken();
  const { toast } = useToast();
  const clear = useCallback(async () => {
    if (clearing) return;
    setClearing(true);
    toast({ title: 'Clearing all caches...', description: 'The page will reload in a moment.' });
    try {
      await clearAllCaches(
        browserCacheDeps(
          () => queryClient.clear(),
          () => request('POST', ADMIN_PATHS.clearCaches, { csrfToken: csrfToken() }),
        ),
      );
      // Stays "Clearing..." until the reload.
    } catch (error) {
      console.error('Failed to clear caches', error);
      setClearing(false);
      toast({
        title: 'Failed to clear caches',
        description: 'Please try again, or clear your browser data with Ctrl+Shift+Delete.',
        variant: 'error',
      });
    }
  }, [clearing, setClearing, queryClient, csrfToken, toast]);
  return { clearing, clear };
}

/** The 'Clear All Caches' button (dashboard). It opens the confirmation. */
export function ClearCachesButton() {
  const [clearing] = useAtom(clearingCachesAtom);
  const openDialog = useSetAtom(clearCachesDialogAtom);
  return (
    <Button variant="destructive" disabled={clearing} onClick={() => openDialog('button')}>
      {clearing ? 'Clearing...' : 'Clear All Caches'}
    </Button>
  );
}

/**
 * The confirmation, mounted once by the admin layout, plus the Ctrl+Shift+Delete shortcut.
 * (Some browsers keep that shortcut for their own clear-data window; then it never reaches the page.)
 */
export function ClearCachesDialog() {
  const [mode, setMode] = useAtom(clearCachesDialogAtom);
  const { clearing, clear } = useClearAllCaches();

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isClearCachesShortcut(event)) return;
      event.preventDefault();
      setMode('shortcut');
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [setMode]);

  return (
    <ConfirmDialog
      role="dialog"
      open={mode !== null}
      onOpenChange={(open) => !open && setMode(null)}
      title="Clear all caches?"
      description={
        mode === 'shortcut'
          ? CLEAR_CACHES_SHORTCUT_CONFIRM
          : 'This clears the data this browser keeps for the site.'
      }
      confirmLabel="Clear caches and reload"
      pending={clearing}
      onConfirm={() => {
        setMode(null);
        void clear();
      }}
    >
      <div className="grid gap-3 text-sm">
        <p className="font-medium">What is cleared:</p>
        <ul className="list-disc space-y-1 pl-5">
          {CLEARED_ITEMS.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
        <p>The page reloads afterwards. This cannot be undone.</p>
      </div>
    </ConfirmDialog>
  );
}
