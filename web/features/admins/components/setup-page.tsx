import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Skeleton } from '../../../components/ui/skeleton';
import { useToast } from '../../../components/ui/toast';
import { Field, LiveMessage, describedBy } from '../../../components/field';
import { NewPasswordFields } from './new-password-fields';
import { errorMessage, isApiError } from '../../../lib/http-client';
import {
  MIN_ADMIN_PASSWORD_LENGTH,
  prepareSetup,
  setupFieldErrors,
  type SetupField,
  type SetupValues,
} from '../credentials';
import { useSetupCheck } from '../api/setup-check';
import { useSetup } from '../api/setup';

const INVALID_LINK =
  'This setup link is not valid. Ask for a new one (it is printed when the server first starts, or use npm run admin:create).';

/** /admin/setup?token=…: creates the first administrator from the one-time link, then signs in. */
export function AdminSetupPage({ token }: { token: string }) {
  const check = useSetupCheck(token);

  let body;
  if (token === '') body = <LiveMessage message={INVALID_LINK} />;
  else if (check.isPending)
    body = (
      <div role="status" aria-live="polite" className="grid gap-3">
        <span className="sr-only">Checking the setup link...</span>
        <Skeleton className="h-11 w-full" />
        <Skeleton className="h-11 w-full" />
      </div>
    );
  else if (check.isError) body = <LiveMessage message={errorMessage(check.error, INVALID_LINK)} />;
  else if (!check.data.valid) body = <LiveMessage message={check.data.reason || INVALID_LINK} />;
  else body = <SetupForm token={token} />;

  return (
    <div className="mx-auto w-full max-w-md px-4 py-12 sm:py-16">
      <Card>
        <CardHeader>
          <h1 className="text-2xl font-bold tracking-tight">Create the first administrator</h1>
          <p className="text-sm text-muted-foreground">
            This one-time link creates the administrator account and signs you in.
          </p>
        </CardHeader>
        <CardContent>{body}</CardContent>
      </Card>
    </div>
  );
}

function SetupForm({ token }: { token: string }) {
  const [values, setValues] = useState<SetupValues>({
    email: '',
    password: '',
    confirmPassword: '',
  });
  const [errors, setErrors] = useState<Partial<Record<SetupField, string>>>({});
  const [message, setMessage] = useState<string | null>(null);
  const inFlight = useRef(false);
  const setup = useSetup();
  const navigate = useNavigate();
  const { toast } = useToast();
  const submitting = setup.isPending;

  const set = (field: SetupField) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: event.target.value }));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (inFlight.current) return;
    const checked = prepareSetup(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      setMessage('Please correct the highlighted fields');
      const first = (['email', 'password', 'confirmPassword'] as const).find(
        (f) => checked.errors[f],
      );
      if (first) document.getElementById(`admin-setup-${first}`)?.focus();
      return;
    }
    inFlight.current = true;
    setErrors({});
    setMessage(null);
    setup.mutate(
      { token, ...checked.credentials },
      {
        onSuccess: () => {
          toast({
            title: 'Administrator created',
            description: 'You are signed in.',
            variant: 'success',
          });
          void navigate({ to: '/admin/dashboard' });
        },
        onError: (cause) => {
          const mapped = isApiError(cause)
            ? setupFieldErrors(cause.fields)
            : { byField: {}, other: [] };
          setErrors(mapped.byField);
          // A message about a field shows once, beside that field (tied to it by
          // aria-describedby); the summary then only points to it, and focus goes to it.
          const first = (['email', 'password'] as const).find((f) => mapped.byField[f]);
          setMessage(
            [
              first
                ? 'Please correct the highlighted fields'
                : errorMessage(cause, 'Could not create the administrator. Please try again.'),
              ...mapped.other,
            ].join(' '),
          );
          if (first) document.getElementById(`admin-setup-${first}`)?.focus();
        },
        onSettled: () => {
          inFlight.current = false;
        },
      },
    );
  };

  return (
    <form method="post" onSubmit={onSubmit} className="grid gap-5" noValidate>
      <LiveMessage message={message} />
      <Field id="admin-setup-email" label="Email" required error={errors.email}>
        <Input
          {...describedBy('admin-setup-email', errors.email)}
          name="email"
          type="email"
          autoComplete="username"
          required
          disabled={submitting}
          value={values.email}
          onChange={set('email')}
        />
      </Field>
      <NewPasswordFields
        idPrefix="admin-setup"
        hint={`At least ${MIN_ADMIN_PASSWORD_LENGTH} characters.`}
        values={values}
        errors={errors}
        disabled={submitting}
        onChange={set}
      />
      <Button type="submit" disabled={submitting}>
        {submitting ? 'Creating...' : 'Create administrator'}
      </Button>
    </form>
  );
}
