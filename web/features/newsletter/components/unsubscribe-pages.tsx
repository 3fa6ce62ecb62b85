/**
 * The one-click unsubscribe link's pages. The confirmation is a plain form POSTed to the same
 * address (works without JavaScript; the server checked the link before rendering it); the
 * server then redirects to /unsubscribed.
 */
import { Link } from '@tanstack/react-router';
import { MailX, MailCheck } from 'lucide-react';
import { NEWSLETTER_PATHS, UNSUBSCRIBE_MESSAGES } from '../../../../api/newsletter/contracts';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';

const M = UNSUBSCRIBE_MESSAGES;

export function UnsubscribeConfirmPage({ token }: { token: string }) {
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-12">
      <Card>
        <CardHeader className="gap-3">
          <MailX aria-hidden="true" className="size-8 text-primary" />
          <h1 className="text-2xl font-bold tracking-tight">{M.confirmTitle}</h1>
        </CardHeader>
        <CardContent className="grid gap-6">
          <p>{M.confirmText}</p>
          <form method="post" action={NEWSLETTER_PATHS.unsubscribeForm(token)}>
            <Button type="submit" size="lg">
              {M.button}
            </Button>
          </form>
          <p className="text-sm text-muted-foreground">
            Changed your mind? Close this page and nothing changes.
          </p>
        </CardContent>
      </Card>
    </div>
  );
}

export function UnsubscribedPage() {
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-12">
      <Card>
        <CardHeader className="gap-3">
          <MailCheck aria-hidden="true" className="size-8 text-primary" />
          <h1 className="text-2xl font-bold tracking-tight">{M.doneTitle}</h1>
        </CardHeader>
        <CardContent className="grid gap-6">
          <p role="status">{M.doneText}</p>
          <p>
            <Link to="/" className="font-medium text-primary underline underline-offset-2">
              Go to the home page
            </Link>
          </p>
        </CardContent>
      </Card>
    </div>
  );
}
