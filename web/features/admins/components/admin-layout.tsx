import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link, Outlet, useNavigate } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { House, Menu } from 'lucide-react';
import { Button, buttonVariants } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { useToast } from '../../../components/ui/toast';
import { LiveMessage } from '../../../components/field';
import { Brand } from '../../../components/layout/brand';
import { SkipToHeading } from '../../../components/layout/skip-link';
import { BACK_OFFICE_MAIN_ID } from '../../../components/layout/back-office-frame';
import { errorMessage, isUnauthorized } from '../../../lib/http-client';
import { ADMIN_SESSION_KEY } from '../../../lib/back-office';
import { cn } from '../../../lib/utils';
import type { AdminNavLink, AdminPath } from '../../../lib/admin-sections';
import { forgetAdminData, useAdminSession } from '../api/session';
import { useOnUnauthorized } from '../use-on-unauthorized';
import { loginPathReturningTo } from '../../../../domain/admins/sign-in';
import { AccountMenu } from './account-menu';
import { ClearCachesDialog } from './clear-caches';
import { EnvironmentBadge } from './environment-badge';

/** The screens that hold the password form, the first the navigation offers wins. */
const PASSWORD_SCREENS: readonly string[] = ['/admin/account', '/admin/users'];

/**
 * Wraps every signed-in admin page in the back office's own frame: a header (the product's
 * name, the environment badge, 'View site', the account menu), the section navigation (a side
 * column from xl up, behind a Menu button below) and the main region the skip link leads into.
 * Nothing of the public site. `nav` is the back office's links, in order (the route passes
 * them).
 *
 * The server already redirected visitors without a session; this mirrors it: checking
 * authentication, then the page, and back to /admin/login whenever the API answers 401 (the
 * session expired or was revoked).
 */
export function AdminLayout({ nav }: { nav: readonly AdminNavLink[] }) {
  const session = useAdminSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const leaving = useRef(false);

  const goToLogin = useCallback(() => {
    if (leaving.current) return;
    leaving.current = true;
    const hadSession = queryClient.getQueryData(ADMIN_SESSION_KEY) !== undefined;
    forgetAdminData(queryClient);
    if (hadSession) toast({ title: 'Your session has ended', description: 'Please log in again.' });
    // Signed in again, the administrator comes back to this page.
    const here = window.location.pathname + window.location.search;
    void navigate({ href: loginPathReturningTo(here), replace: true });
  }, [navigate, queryClient, toast]);

  useOnUnauthorized(goToLogin);
  useEffect(() => {
    if (session.isError && isUnauthorized(session.error)) goToLogin();
  }, [session.isError, session.error, goToLogin]);

  // Sign-in and setup answer the session without the server's environment; GET session has it.
  const { refetch } = session;
  const withoutDeployment = session.isSuccess && session.data.deployment === undefined;
  useEffect(() => {
    if (withoutDeployment) void refetch();
  }, [withoutDeployment, refetch]);

  const checking = session.isPending || (session.isError && isUnauthorized(session.error));
  let page;
  if (checking) {
    page = (
      <div role="status" aria-live="polite" className="grid gap-4">
        {/* The page's one heading until the page itself renders. */}
        <h1 className="text-base font-normal text-muted-foreground">Checking authentication...</h1>
        <Skeleton className="h-10 w-64" />
        <Skeleton className="h-32 w-full" />
      </div>
    );
  } else if (session.isError) {
    page = (
      <div className="grid gap-4">
        <h1 className="text-2xl font-bold">Admin</h1>
        <LiveMessage message={errorMessage(session.error, 'Could not check your session.')} />
        <div>
          <Button onClick={() => void session.refetch()}>Try again</Button>
        </div>
      </div>
    );
  } else {
    page = <Outlet />;
  }
  const signedIn = session.isSuccess ? session.data : undefined;

  return (
    <AdminFrame
      nav={nav}
      header={
        <>
          {signedIn?.deployment && <EnvironmentBadge deployment={signedIn.deployment} />}
          <div className="ml-auto flex items-center gap-1 sm:gap-2">
            <ViewSiteLink className="hidden sm:inline-flex" />
            {signedIn ? (
              <AccountMenu email={signedIn.user.email} changePasswordPath={passwordScreen(nav)} />
            ) : (
              <Skeleton className="h-9 w-11 sm:w-48" />
            )}
          </div>
        </>
      }
    >
      {page}
      {signedIn && <ClearCachesDialog />}
    </AdminFrame>
  );
}

/** Where 'Change password' goes: a screen with the password form this administrator may open. */
function passwordScreen(nav: readonly AdminNavLink[]): AdminPath | undefined {
  for (const path of PASSWORD_SCREENS) {
    const link = nav.find((item) => item.path === path);
    if (link) return link.path;
  }
  return undefined;
}

/**
 * The frame: skip link, header, section navigation, main region. Below xl the navigation is a
 * disclosure: the Menu button (aria-expanded), last in the header, shows it just under the
 * header, where the next Tab goes; Escape or choosing a section closes it and puts the focus
 * back on the button.
 */
function AdminFrame({
  nav,
  header,
  children,
}: {
  nav: readonly AdminNavLink[];
  header: ReactNode;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const navId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);

  const close = useCallback(() => {
    setOpen(false);
    // Only where the button shows (below xl): the side column never opens or closes.
    if (menuButton.current?.checkVisibility()) menuButton.current.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, close]);

  return (
    <>
      <SkipToHeading mainId={BACK_OFFICE_MAIN_ID} />
      <header className="sticky top-0 z-40 border-b border-border bg-background">
        <div className="flex min-h-14 flex-wrap items-center gap-x-1 gap-y-1 px-2 py-1.5 sm:gap-x-2 sm:px-4">
          <Link to="/admin/dashboard" className="flex h-11 items-center rounded-md sm:px-1">
            {/* Below 360 px the header's five parts fit one row only with the glyph alone. */}
            <Brand nameClassName="max-[359px]:sr-only" />
            <span className="sr-only"> back office</span>
          </Link>
          {header}
          <Button
            ref={menuButton}
            variant="ghost"
            size="icon"
            className="xl:hidden"
            aria-expanded={open}
            aria-controls={navId}
            onClick={() => setOpen((value) => !value)}
          >
            <Menu aria-hidden="true" className="size-6" />
            <span className="sr-only">Menu</span>
          </Button>
        </div>
      </header>
      <div className="flex flex-1 flex-col xl:flex-row">
        <nav
          id={navId}
          aria-label="Admin"
          className={cn(
            'border-b border-border bg-surface xl:block xl:w-56 xl:shrink-0 xl:border-b-0 xl:border-r',
            open ? 'block' : 'hidden',
          )}
        >
          <div className="px-2 py-2 sm:px-4 xl:sticky xl:top-14 xl:max-h-[calc(100dvh-3.5rem)] xl:overflow-y-auto xl:px-3 xl:py-6">
            <ul className="grid gap-0.5 sm:grid-cols-2 md:grid-cols-3 xl:grid-cols-1">
              {nav.map((item) => (
                <li key={item.path}>
                  <Link
                    to={item.path}
                    onClick={() => {
                      if (open) close();
                    }}
                    className="flex h-11 items-center rounded-md px-3 text-sm font-medium text-muted-foreground hover:bg-muted hover:text-foreground aria-[current=page]:bg-primary-soft aria-[current=page]:text-primary-soft-foreground"
                    activeProps={{ 'aria-current': 'page' }}
                    activeOptions={{ includeSearch: false }}
                  >
                    {item.label}
                  </Link>
                </li>
              ))}
            </ul>
            {/* Below sm the header has no room for it: it is here, after the sections. */}
            <div className="mt-2 border-t border-border pt-2 sm:hidden">
              <ViewSiteLink className="w-full justify-start" />
            </div>
          </div>
        </nav>
        <main
          id={BACK_OFFICE_MAIN_ID}
          tabIndex={-1}
          className="min-w-0 flex-1 outline-none [&_h1]:scroll-mt-20"
        >
          <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 xl:px-8">{children}</div>
        </main>
      </div>
    </>
  );
}

/** The public site's home page (the back office has none of its header or footer). */
function ViewSiteLink({ className }: { className?: string }) {
  return (
    <Link
      to="/"
      className={cn(buttonVariants({ variant: 'ghost', size: 'sm' }), 'h-11 sm:h-11', className)}
    >
      <House aria-hidden="true" />
      View site
    </Link>
  );
}
