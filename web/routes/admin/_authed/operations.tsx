import { createFileRoute } from '@tanstack/react-router';
import { adminHead } from '../../../lib/back-office';
import { OperationsPage } from '../../../features/operations/components/operations-page';

export const Route = createFileRoute('/admin/_authed/operations')({
  head: () => adminHead('Operations'),
  component: OperationsPage,
});
