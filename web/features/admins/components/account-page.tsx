import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { LogOut } from 'lucide-react';
import { LiveMessage, Field, describedBy } from '../../../components/field';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { useToast } from '../../../components/ui/toast';
import { toastOutcome } from '../../../components/ui/toast-outcome';
import { errorMessage, isApiError, isUnauthorized } from '../../../lib/http-client';
import { ROLE_DESCRIPTIONS, ROLE_LABELS } from '../../../../domain/admins/roles';
import { MIN_ADMIN_PASSWORD_LENGTH, checkNewPassword } from '../credentials';
import { forgetAdminData, useAdminSession } from '../api/session';
import { useChangePassword, useSignOutEverywhere } from '../api/users';

/** The spec's message of the password-change helper when nobody is signed in. */
const AUTHENTICATION_REQUIRED = 'Authentication required';

/**
 * /admin/account: every signed-in account's own page, whatever its role: who you are and what
 * your role lets you use, your password, and 'Sign out everywhere'.
 */
export function AccountPage() {
  const session = useAdminSession();
  const user = session.data?.user;
  return (
    <div className="grid gap-6">
      <header className="grid gap-2">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Your account</h1>
        {user ? (
          <p className="text-sm text-muted-foreground">
            Signed in as <strong className="text-foreground">{user.email}</strong>, with the role{' '}
            <strong className="text-foreground">{ROLE_LABELS[user.role]}</strong>:{' '}
            {ROLE_DESCRIPTIONS[user.role]}
          </p>
        ) : null}
      </header>
      <div className="grid gap-6 lg:grid-cols-2">
        <PasswordCard />
        <SignOutEverywhereCard />
      </div>
    </div>
  );
}

type PasswordField = 'currentPassword' | 'newPassword' | 'confirmPassword';

function PasswordCard() {
  const change = useChangePassword();
  const [values, setValues] = useState({
    currentPassword: '',
    newPassword: '',
    confirmPassword: '',
  });
  const [errors, setErrors] = useState<Partial<Record<PasswordField, string>>>({});
  const [message, setMessage] = useState<string | null>(null);
  const inFlight = useRef(false);
  const { toast } = useToast();
  const id = useId();
  const fid = (f: PasswordField) => `${id}-${f}`;
  const focusNext = useRef<string | null>(null);
  // A refused change: to the first field named, once the form is enabled again.
  useEffect(() => {
    if (change.isPending || !focusNext.current) return;
    document.getElementById(focusNext.current)?.focus();
    focusNext.current = null;
  }, [change.isPending, errors]);

  const set = (field: PasswordField) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: event.target.value }));

  const focusFirst = (found: Partial<Record<PasswordField, string>>) => {
    const first = (['currentPassword', 'newPassword', 'confirmPassword'] as const).find(
      (f) => found[f],
    );
    if (first) focusNext.current = fid(first);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (inFlight.current) return;
    const check = checkNewPassword(values.newPassword, values.confirmPassword);
    const found: Partial<Record<PasswordField, string>> = {
      ...(values.currentPassword.trim() === ''
        ? { currentPassword: 'Current password is required' }
        : {}),
      ...(check.password ? { newPassword: check.password } : {}),
      ...(check.confirmPassword ? { confirmPassword: check.confirmPassword } : {}),
    };
    if (Object.keys(found).length > 0) {
      setErrors(found);
      setMessage('Please correct the highlighted fields');
      focusFirst(found);
      return;
    }
    inFlight.current = true;
    setErrors({});
    setMessage(null);
    change.mutate(
      { currentPassword: values.currentPassword.trim(), newPassword: values.newPassword.trim() },
      {
        onSuccess: () => {
          setValues({ currentPassword: '', newPassword: '', confirmPassword: '' });
          toast({
            title: 'Password changed',
            description: 'Your other sessions have been signed out.',
            variant: 'success',
          });
        },
        onError: (cause) => {
          if (isUnauthorized(cause)) {
            setMessage(AUTHENTICATION_REQUIRED);
            return;
          }
          const fields = isApiError(cause) ? cause.fields : {};
          const next: Partial<Record<PasswordField, string>> = {};
          if (fields.currentPassword) next.currentPassword = fields.currentPassword;
          if (fields.newPassword) next.newPassword = fields.newPassword;
          setErrors(next);
          setMessage(errorMessage(cause, 'Could not change the password. Please try again.'));
          focusFirst(next);
        },
        onSettled: () => {
          inFlight.current = false;
        },
      },
    );
  };

  const input = (field: PasswordField, label: string, autoComplete: string, hint?: string) => (
    <Field id={fid(field)} label={label} required hint={hint} error={errors[field]}>
      <Input
        {...describedBy(fid(field), errors[field], Boolean(hint))}
        type="password"
        name={field}
        autoComplete={autoComplete}
        required
        disabled={change.isPending}
        value={values[field]}
        onChange={set(field)}
      />
    </Field>
  );

  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold">Change your password</h2>
        <p className="text-sm text-muted-foreground">
          Your other devices are signed out; this one stays signed in.
        </p>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <LiveMessage message={message} />
          {input('currentPassword', 'Current password', 'current-password')}
          {input(
            'newPassword',
            'New password',
            'new-password',
            `At least ${MIN_ADMIN_PASSWORD_LENGTH} characters; common passwords are refused.`,
          )}
          {input('confirmPassword', 'Confirm new password', 'new-password')}
          <Button type="submit" className="w-fit" disabled={change.isPending}>
            {change.isPending ? 'Changing...' : 'Change password'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function SignOutEverywhereCard() {
  const signOut = useSignOutEverywhere();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const onClick = () => {
    if (signOut.isPending) return;
    signOut.mutate(
      undefined,
      toastOutcome({
        success: 'Signed out everywhere',
        failure: 'Could not sign out everywhere',
        onSuccess: () =>
          void navigate({ to: '/admin/login', replace: true }).then(() =>
            forgetAdminData(queryClient),
          ),
      }),
    );
  };

  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold">Sign out everywhere</h2>
        <p className="text-sm text-muted-foreground">
          Ends all of your sessions on every device, this one included.
        </p>
      </CardHeader>
      <CardContent>
        <Button variant="outline" onClick={onClick} disabled={signOut.isPending}>
          <LogOut aria-hidden="true" />
          {signOut.isPending ? 'Signing out...' : 'Sign out everywhere'}
        </Button>
      </CardContent>
    </Card>
  );
}
