import { createFileRoute } from '@tanstack/react-router';
import { adminHead } from '../../../lib/back-office';
import { ClicksPage } from '../../../features/clicks/components/clicks-page';

export const Route = createFileRoute('/admin/_authed/clicks')({
  // A literal, not the component module's constant: importing it here would put the screen
  // in the route tree every visitor downloads (the component itself is split off).
  head: () => adminHead('Outbound clicks'),
  component: ClicksPage,
});
