import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Skeleton } from '../../../components/ui/skeleton';
import { useToast } from '../../../components/ui/toast';
import { Field, LiveMessage } from '../../../components/field';
import { errorMessage, isApiError } from '../../../lib/http-client';
import { ROLE_DESCRIPTIONS, roleWithArticle } from '../../../../domain/admins/roles';
import { MIN_ADMIN_PASSWORD_LENGTH, checkNewPassword } from '../credentials';
import { NewPasswordFields } from './new-password-fields';
import { useAcceptInvitation, useInvitationCheck } from '../api/invitation';

const INVALID_LINK = 'This invitation link is not valid. Ask an administrator for a new one.';

/** /admin/invite?token=…: the invited administrator chooses a password and is signed in. */
export function AdminInvitePage({ token }: { token: string }) {
  const check = useInvitationCheck(token);
  const role = check.data?.valid ? check.data.role : undefined;

  let body;
  if (token === '') body = <LiveMessage message={INVALID_LINK} />;
  else if (check.isPending)
    body = (
      <div role="status" aria-live="polite" className="grid gap-3">
        <span className="sr-only">Checking the invitation link...</span>
        <Skeleton className="h-11 w-full" />
        <Skeleton className="h-11 w-full" />
      </div>
    );
  else if (check.isError) body = <LiveMessage message={errorMessage(check.error, INVALID_LINK)} />;
  else if (!check.data.valid || !check.data.email)
    body = <LiveMessage message={check.data.reason || INVALID_LINK} />;
  else body = <InviteForm token={token} email={check.data.email} />;

  return (
    <div className="mx-auto w-full max-w-md px-4 py-12 sm:py-16">
      <Card>
        <CardHeader>
          <h1 className="text-2xl font-bold tracking-tight">Join the back office</h1>
          <p className="text-sm text-muted-foreground">
            You were invited to become{' '}
            {role ? roleWithArticle(role) : 'a member of the back office'}. Choose a password to
            create your account; the link works once.
          </p>
          {role ? <p className="text-sm text-muted-foreground">{ROLE_DESCRIPTIONS[role]}</p> : null}
        </CardHeader>
        <CardContent>{body}</CardContent>
      </Card>
    </div>
  );
}

type InviteField = 'password' | 'confirmPassword';

function InviteForm({ token, email }: { token: string; email: string }) {
  const [values, setValues] = useState({ password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<Partial<Record<InviteField, string>>>({});
  const [message, setMessage] = useState<string | null>(null);
  const inFlight = useRef(false);
  const accept = useAcceptInvitation();
  const navigate = useNavigate();
  const { toast } = useToast();
  const submitting = accept.isPending;
  /** The field to focus once the form is enabled again (a refused submit). */
  const focusNext = useRef<string | null>(null);
  useEffect(() => {
    if (submitting || !focusNext.current) return;
    document.getElementById(focusNext.current)?.focus();
    focusNext.current = null;
  }, [submitting, errors]);

  const set = (field: InviteField) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: event.target.value }));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (inFlight.current) return;
    const found = checkNewPassword(values.password, values.confirmPassword);
    if (Object.keys(found).length > 0) {
      setErrors(found);
      setMessage('Please correct the highlighted fields');
      const first = found.password ? 'password' : 'confirmPassword';
      document.getElementById(`admin-invite-${first}`)?.focus();
      return;
    }
    inFlight.current = true;
    setErrors({});
    setMessage(null);
    accept.mutate(
      { token, password: values.password.trim() },
      {
        onSuccess: () => {
          toast({ title: 'Welcome to the back office', variant: 'success' });
          void navigate({ to: '/admin/dashboard' });
        },
        onError: (cause) => {
          const text = errorMessage(cause, 'Could not create your account. Please try again.');
          const password = isApiError(cause) ? cause.fields.password : undefined;
          setErrors(password ? { password } : {});
          setMessage(text);
          if (password) focusNext.current = 'admin-invite-password';
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
      <Field id="admin-invite-email" label="Email">
        <Input
          id="admin-invite-email"
          name="email"
          type="email"
          autoComplete="username"
          value={email}
          readOnly
        />
      </Field>
      <NewPasswordFields
        idPrefix="admin-invite"
        hint={`At least ${MIN_ADMIN_PASSWORD_LENGTH} characters; a phrase of several unrelated words works well.`}
        values={values}
        errors={errors}
        disabled={submitting}
        onChange={set}
      />
      <Button type="submit" disabled={submitting}>
        {submitting ? 'Creating...' : 'Create my account'}
      </Button>
    </form>
  );
}
