/**
 * The price alert confirmation link's pages: a plain form POSTed to the same address (works
 * without JavaScript; opening the link changes nothing, so a mail scanner confirms nothing),
 * then /price-alerts/confirmed.
 */
import { Link } from '@tanstack/react-router';
import { BellRing } from 'lucide-react';
import { PRICE_ALERT_MESSAGES, PRICE_ALERT_PATHS } from '../../../../api/newsletter/contracts';
import { Button } from '../../../components/ui/button';
import { SignedLinkCard } from './signed-link-card';

const M = PRICE_ALERT_MESSAGES;

export function PriceAlertConfirmPage({ token }: { token: string }) {
  return (
    <SignedLinkCard icon={BellRing} title={M.confirmTitle}>
      <p>{M.confirmText}</p>
      <form method="post" action={PRICE_ALERT_PATHS.confirm(token)}>
        <Button type="submit" size="lg">
          {M.confirmButton}
        </Button>
      </form>
      <p className="text-sm text-muted-foreground">
        Did not ask for an alert? Close this page and nothing is sent.
      </p>
    </SignedLinkCard>
  );
}

export function PriceAlertsConfirmedPage() {
  return (
    <SignedLinkCard icon={BellRing} title={M.confirmedTitle}>
      <p role="status">{M.confirmedText}</p>
      <p>
        <Link to="/cost" className="font-medium text-primary underline underline-offset-2">
          Compare all-in costs
        </Link>
      </p>
    </SignedLinkCard>
  );
}
