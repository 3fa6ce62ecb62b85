import type { ReactNode } from 'react';
import { Brand } from './brand';
import { SkipToHeading } from './skip-link';

/** The back office's main region: every admin screen's skip link leads to its first h1. */
export const BACK_OFFICE_MAIN_ID = 'admin-main';

/**
 * The frame of the admin pages a visitor sees before signing in (login, the setup link, an
 * invitation): the product's name above the page's centered card, nothing of the public site.
 * The signed-in pages draw their own (web/features/admins/components/admin-layout.tsx).
 */
export function BackOfficeFrame({ children }: { children: ReactNode }) {
  return (
    <>
      <SkipToHeading mainId={BACK_OFFICE_MAIN_ID} />
      <header className="border-b border-border bg-background">
        <div className="mx-auto flex h-14 max-w-6xl items-center px-4 sm:px-6">
          <Brand />
        </div>
      </header>
      <main id={BACK_OFFICE_MAIN_ID} tabIndex={-1} className="flex-1 bg-surface outline-none">
        {children}
      </main>
    </>
  );
}
