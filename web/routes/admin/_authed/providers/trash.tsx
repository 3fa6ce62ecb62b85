import { createFileRoute } from '@tanstack/react-router';
import { adminHead } from '../../../../lib/back-office';
import { ProviderTrashPage } from '../../../../features/providers/components/trash-page';

export const Route = createFileRoute('/admin/_authed/providers/trash')({
  head: () => adminHead('Trash'),
  component: ProviderTrashPage,
});
