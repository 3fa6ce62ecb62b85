import { useCallback, useEffect, useRef } from 'react';
import { Link, Outlet, useNavigate, useRouterState } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { LogOut } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { useToast } from '../../../components/ui/toast';
import { LiveMessage } from '../../../components/field';
import { errorMessage, isUnauthorized } from '../../../lib/http-client';
import { ADMIN_SESSION_KEY } from '../../../lib/back-office';
import type { AdminNavLink } from '../../../lib/admin-sections';
import { forgetAdminData, useAdminSession } from '../api/session';
import { useLogout } from '../api/logout';
import { useOnUnauthorized } from '../use-on-unauthorized';
import { ClearCachesDialog } from './clear-caches';

/**
 * Wraps every signed-in admin page. The server already redirected visitors without a session;
 * this mirrors it: checking authentication, then the page, and back to /admin/login whenever
 * the API answers 401 (the session expired or was revoked). `nav` is the back office's links,
 * in order (the route passes the features' declarations).
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
    void navigate({ to: '/admin/login', replace: true });
  }, [navigate, queryClient, toast]);

  useOnUnauthorized(goToLogin);
  useEffect(() => {
    if (session.isError && isUnauthorized(session.error)) goToLogin();
  }, [session.isError, session.error, goToLogin]);

  if (session.isPending || (session.isError && isUnauthorized(session.error))) {
    return (
      <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6">
        <div role="status" aria-live="polite" className="grid gap-4">
          {/* The page's one heading until the page itself renders. */}
          <h1 className="text-base font-normal text-muted-foreground">
            Checking authentication...
          </h1>
          <Skeleton className="h-10 w-64" />
          <Skeleton className="h-32 w-full" />
        </div>
      </div>
    );
  }

  if (session.isError) {
    return (
      <div className="mx-auto grid w-full max-w-6xl gap-4 px-4 py-10 sm:px-6">
        <h1 className="text-2xl font-bold">Admin</h1>
        <LiveMessage message={errorMessage(session.error, 'Could not check your session.')} />
        <div>
          <Button onClick={() => void session.refetch()}>Try again</Button>
        </div>
      </div>
    );
  }

  return (
    <div className="flex flex-1 flex-col xl:flex-row">
      <AdminHeader email={session.data.user.email} nav={nav} />
      <div className="mx-auto w-full min-w-0 max-w-6xl px-4 py-8 sm:px-6 xl:w-auto xl:flex-1 xl:px-8">
        <Outlet />
      </div>
      <ClearCachesDialog />
    </div>
  );
}

function AdminHeader({ email, nav }: { email: string; nav: readonly AdminNavLink[] }) {
  const logout = useLogout();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { toast } = useToast();

  // The current page's link in view in the sideways-scrolling row (phones), after each move.
  const navRef = useRef<HTMLElement>(null);
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  useEffect(() => {
    const nav = navRef.current;
    const current = nav?.querySelector<HTMLElement>('a[aria-current="page"]');
    if (!nav || !current || nav.scrollWidth <= nav.clientWidth) return;
    const offset = current.getBoundingClientRect().left - nav.getBoundingClientRect().left;
    nav.scrollLeft += offset - (nav.clientWidth - current.offsetWidth) / 2;
  }, [pathname]);

  const onLogout = () => {
    if (logout.isPending) return;
    logout.mutate(undefined, {
      onSuccess: () => {
        toast({ title: 'Logged out successfully', variant: 'success' });
        // Leave first: dropping the session while this layout is mounted would look like a 401.
        void navigate({ to: '/admin/login', replace: true }).then(() =>
          forgetAdminData(queryClient),
        );
      },
      onError: () => toast({ title: 'Error logging out', variant: 'error' }),
    });
  };

  return (
    <div className="border-b border-border bg-surface xl:w-56 xl:shrink-0 xl:border-b-0 xl:border-r">
      <div className="mx-auto flex w-full max-w-6xl flex-wrap items-center justify-between gap-x-6 gap-y-2 px-4 py-2 sm:px-6 xl:sticky xl:top-16 xl:max-h-[calc(100dvh-4rem)] xl:flex-col xl:overflow-y-auto xl:flex-nowrap xl:items-stretch xl:gap-4 xl:px-3 xl:py-6">
        {/* Below md one row that scrolls sideways (13 links wrapped into four rows on a phone),
            the current page's link brought into view; from md up the links wrap; from xl up
            they are a column beside the page instead of two rows above it. */}
        <nav
          aria-label="Admin"
          ref={navRef}
          className="-mx-4 w-[calc(100%+2rem)] overflow-x-auto px-4 md:mx-0 md:w-auto md:overflow-visible md:px-0"
        >
          <ul className="flex w-max items-center gap-1 md:w-auto md:flex-wrap xl:flex-col xl:items-stretch xl:gap-0.5">
            {nav.map((item) => (
              <li key={item.path}>
                <Link
                  to={item.path}
                  className="inline-flex h-11 items-center rounded-md px-3 text-sm font-medium text-muted-foreground hover:bg-muted hover:text-foreground xl:flex"
                  activeProps={{ className: 'text-primary xl:bg-muted', 'aria-current': 'page' }}
                  activeOptions={{ includeSearch: false }}
                >
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-3 xl:flex-col xl:items-stretch xl:gap-2 xl:border-t xl:border-border xl:px-3 xl:pt-4">
          <p className="truncate text-sm text-muted-foreground" title={email}>
            <span className="sr-only">Signed in as </span>
            <span className="font-medium text-foreground">{email}</span>
          </p>
          <Button
            variant="outline"
            size="sm"
            className="h-11"
            onClick={onLogout}
            disabled={logout.isPending}
          >
            <LogOut aria-hidden="true" />
            {logout.isPending ? 'Logging out...' : 'Logout'}
          </Button>
        </div>
      </div>
    </div>
  );
}
