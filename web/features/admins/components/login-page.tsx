import { useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { useToast } from '../../../components/ui/toast';
import { Field, LiveMessage } from '../../../components/field';
import { errorMessage } from '../../../lib/http-client';
import {
  returnPathAfterSignIn,
  SIGN_IN_FAILED_MESSAGE,
  SIGN_IN_PROBLEMS,
  signInProblemMessage,
} from '../../../../domain/admins/sign-in';
import { prepareLogin } from '../credentials';
import { useLogin } from '../api/login';

/**
 * What the form posted without JavaScript came back with: `?problem=` (and `?retry=` minutes
 * when limited), read here rather than by the route, whose definition is in every page's script.
 */
export function signInProblemOf(search: Record<string, unknown>): string | null {
  const problem = SIGN_IN_PROBLEMS.find((p) => p === search.problem);
  if (!problem) return null;
  const retry = Number(search.retry);
  const minutes = Number.isInteger(retry) && retry > 0 && retry <= 24 * 60 ? retry : 1;
  return signInProblemMessage(problem, minutes * 60_000);
}

/**
 * /admin/login. Nothing is pre-filled; both values are trimmed; a repeat submit is ignored.
 * The form also works before its JavaScript runs: it posts to its own address (`?next=` kept),
 * and the server signs in and goes on to that page or the dashboard, or comes back here saying
 * why not (signInProblemOf).
 */
export function AdminLoginPage() {
  const search: Record<string, unknown> = useSearch({ strict: false });
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(() => signInProblemOf(search));
  const inFlight = useRef(false);
  const login = useLogin();
  const navigate = useNavigate();
  const { toast } = useToast();
  const submitting = login.isPending;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The ref closes the gap before React re-renders with disabled inputs (double Enter).
    if (inFlight.current) return;
    const check = prepareLogin(email, password);
    if (!check.ok) {
      setError(check.error);
      return;
    }
    inFlight.current = true;
    setError(null);
    login.mutate(check.credentials, {
      onSuccess: () => {
        toast({ title: 'Login successful!', variant: 'success' });
        // The page that sent here to sign in (`?next=`), else the dashboard.
        void navigate({ href: returnPathAfterSignIn(search.next), replace: true });
      },
      onError: (cause) => setError(errorMessage(cause, SIGN_IN_FAILED_MESSAGE)),
      onSettled: () => {
        inFlight.current = false;
      },
    });
  };

  return (
    <div className="mx-auto w-full max-w-md px-4 py-12 sm:py-16">
      <Card>
        <CardHeader>
          <h1 className="text-2xl font-bold tracking-tight">Admin login</h1>
          <p className="text-sm text-muted-foreground">Sign in with your administrator account.</p>
        </CardHeader>
        <CardContent>
          <form method="post" onSubmit={onSubmit} className="grid gap-5">
            <LiveMessage message={error} />
            <Field id="admin-login-email" label="Email" required>
              <Input
                id="admin-login-email"
                name="email"
                type="email"
                autoComplete="username"
                required
                disabled={submitting}
                value={email}
                onChange={(e) => setEmail(e.target.value)}
              />
            </Field>
            <Field id="admin-login-password" label="Password" required>
              <Input
                id="admin-login-password"
                name="password"
                type="password"
                autoComplete="current-password"
                required
                disabled={submitting}
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
            </Field>
            <Button type="submit" disabled={submitting}>
              {submitting ? 'Signing in...' : 'Login'}
            </Button>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}
