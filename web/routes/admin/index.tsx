import { createFileRoute, redirect } from '@tanstack/react-router';

/** /admin itself has no page: the dashboard is the back office's home. */
export const Route = createFileRoute('/admin/')({
  beforeLoad: () => {
    throw redirect({ to: '/admin/dashboard', replace: true });
  },
});
