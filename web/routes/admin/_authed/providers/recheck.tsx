import { createFileRoute } from '@tanstack/react-router';
import { adminHead } from '../../../../lib/back-office';
import { RecheckPage } from '../../../../features/providers/components/recheck-page';

export const Route = createFileRoute('/admin/_authed/providers/recheck')({
  head: () => adminHead('Needs recheck'),
  component: RecheckPage,
});
