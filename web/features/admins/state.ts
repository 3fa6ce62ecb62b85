/** Back-office UI state shared between the layout and its pages (jotai, per request on the server). */
import { atom } from 'jotai';

/** Which way the clear-caches confirmation was opened, or null when closed. */
export const clearCachesDialogAtom = atom<null | 'button' | 'shortcut'>(null);

/** Cache clearing in progress: the button is disabled and reads 'Clearing...'. */
export const clearingCachesAtom = atom(false);
