import { useId, useState, type FormEvent } from 'react';
import { CheckCircle2, Mail } from 'lucide-react';
import {
  newsletterFormError,
  NEWSLETTER_MESSAGES,
  NEWSLETTER_PATHS,
  validateSubscriberEmail,
  type NewsletterFormStatus,
} from '../../../../api/newsletter/contracts';
import { isApiError } from '../../../lib/http-client';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { subscribe, subscriptionError } from '../api/subscribe';

type Status = { kind: 'idle'; error?: string } | { kind: 'submitting' } | { kind: 'subscribed' };

function initialStatus(returned: NewsletterFormStatus | undefined, retryMinutes?: number): Status {
  if (returned === undefined) return { kind: 'idle' };
  if (returned === 'subscribed') return { kind: 'subscribed' };
  return { kind: 'idle', error: newsletterFormError(returned, retryMinutes) };
}

/**
 * Weekly newsletter signup: idle -> submitting ('Subscribing...') -> subscribed, or back to idle
 * on failure. Without JavaScript (or before the page hydrates) the form posts to the server,
 * which redirects back with ?newsletter= (`returned`; past the limit with ?retry=, the minutes
 * to wait), shown the same way.
 */
export function NewsletterSignup({
  returned,
  retryMinutes,
}: {
  returned?: NewsletterFormStatus;
  retryMinutes?: number;
}) {
  const [email, setEmail] = useState('');
  const [status, setStatus] = useState<Status>(() => initialStatus(returned, retryMinutes));
  const inputId = useId();
  const errorId = useId();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const check = validateSubscriberEmail(email);
    if (!check.ok) {
      setStatus({ kind: 'idle', error: check.error });
      return;
    }
    setStatus({ kind: 'submitting' });
    try {
      await subscribe({ email: check.email });
      setStatus({ kind: 'subscribed' });
      setEmail('');
    } catch (error) {
      // The server's answers have their own messages; only a failure to reach it is logged.
      if (!isApiError(error) || error.status === 0) console.error('Subscription failed', error);
      setStatus({ kind: 'idle', error: subscriptionError(error) });
    }
  }

  if (status.kind === 'subscribed') {
    return (
      <div
        role="status"
        className="flex items-start gap-3 rounded-lg border border-primary/30 bg-primary-soft p-5 text-primary-soft-foreground"
      >
        <CheckCircle2 className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
        <p className="font-medium">{NEWSLETTER_MESSAGES.success}</p>
      </div>
    );
  }

  const error = status.kind === 'idle' ? status.error : undefined;
  return (
    <form
      method="post"
      action={NEWSLETTER_PATHS.signupForm}
      onSubmit={onSubmit}
      noValidate
      className="w-full max-w-lg"
    >
      <Label htmlFor={inputId} className="mb-2 block">
        Email address
      </Label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <div className="relative flex-1">
          <Mail
            className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            id={inputId}
            type="email"
            name="email"
            autoComplete="email"
            placeholder="you@example.com"
            className="pl-9"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            required
          />
        </div>
        <Button type="submit" disabled={status.kind === 'submitting'}>
          {status.kind === 'submitting' ? 'Subscribing...' : 'Subscribe'}
        </Button>
      </div>
      <p id={errorId} role="alert" className="mt-2 min-h-5 text-sm text-destructive">
        {error ?? ''}
      </p>
    </form>
  );
}
