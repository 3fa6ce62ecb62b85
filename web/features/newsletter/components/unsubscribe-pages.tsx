/**
 * The one-click unsubscribe link's pages. The confirmation is a plain form POSTed to the same
 * address (works without JavaScript; the server checked the link before rendering it); the
 * server then redirects to /unsubscribed.
 */
import { Link } from '@tanstack/react-router';
import { MailX, MailCheck } from 'lucide-react';
import { NEWSLETTER_PATHS, UNSUBSCRIBE_MESSAGES } from '../../../../api/newsletter/contracts';
import { Button } from '../../../components/ui/button';
import { SignedLinkCard } from './signed-link-card';

const M = UNSUBSCRIBE_MESSAGES;

export function UnsubscribeConfirmPage({ token }: { token: string }) {
  return (
    <SignedLinkCard icon={MailX} title={M.confirmTitle}>
      <p>{M.confirmText}</p>
      <form method="post" action={NEWSLETTER_PATHS.unsubscribeForm(token)}>
        <Button type="submit" size="lg">
          {M.button}
        </Button>
      </form>
      <p className="text-sm text-muted-foreground">
        Changed your mind? Close this page and nothing changes.
      </p>
    </SignedLinkCard>
  );
}

export function UnsubscribedPage() {
  return (
    <SignedLinkCard icon={MailCheck} title={M.doneTitle}>
      <p role="status">{M.doneText}</p>
      <p>
        <Link to="/" className="font-medium text-primary underline underline-offset-2">
          Go to the home page
        </Link>
      </p>
    </SignedLinkCard>
  );
}
