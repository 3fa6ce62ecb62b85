import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Copy, LogOut, UserPlus } from 'lucide-react';
import type { AdminListItem } from '../../../../api/admins/contracts';
import { type DataColumn } from '../../../components/data-table/data-table';
import { ListPage } from '../../../components/data-table/list-page';
import { Field, LiveMessage, describedBy } from '../../../components/field';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { useToast } from '../../../components/ui/toast';
import { toastOutcome } from '../../../components/ui/toast-outcome';
import { errorMessage, isApiError, isUnauthorized } from '../../../lib/http-client';
import { MIN_ADMIN_PASSWORD_LENGTH, checkNewPassword } from '../credentials';
import { forgetAdminData } from '../api/session';
import {
  useAdminUsers,
  useChangePassword,
  useCancelInvitation,
  useDeactivateAdmin,
  useInviteAdmin,
  useSignOutEverywhere,
} from '../api/users';

/** The spec's message of the password-change helper when nobody is signed in. */
const AUTHENTICATION_REQUIRED = 'Authentication required';

const formatDateTime = (iso: string | null) =>
  iso
    ? new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })
    : 'Never';

/**
 * /admin/users: the administrators (e-mail, active, last sign-in), inviting another by a
 * one-time link, deactivating another, your own password and 'Sign out everywhere'.
 */
export function AdminUsersPage() {
  const users = useAdminUsers();
  const deactivate = useDeactivateAdmin();
  const cancelInvitation = useCancelInvitation();
  const [confirming, setConfirming] = useState<AdminListItem | null>(null);
  const me = users.data?.me;
  const rows = users.data?.admins ?? [];

  const onCancelInvitation = (invitation: { id: string; email: string }) => {
    if (cancelInvitation.isPending) return;
    cancelInvitation.mutate(
      invitation.id,
      toastOutcome({
        success: {
          title: `Invitation for ${invitation.email} cancelled`,
          description: 'Its link no longer works.',
        },
        failure: 'Failed to cancel invitation',
      }),
    );
  };

  const onDeactivate = () => {
    if (!confirming) return;
    const target = confirming;
    deactivate.mutate(target.id, {
      ...toastOutcome({
        success: {
          title: `Deactivated ${target.email}`,
          description: 'Their sessions have ended.',
        },
        failure: 'Failed to deactivate administrator',
      }),
      onSettled: () => setConfirming(null),
    });
  };

  const columns: DataColumn<AdminListItem>[] = [
    {
      id: 'email',
      header: 'Email',
      hideable: false,
      cell: (a) => (
        <span className="font-medium">
          {a.email}
          {a.id === me ? <span className="text-muted-foreground"> (you)</span> : null}
        </span>
      ),
    },
    {
      id: 'active',
      header: 'Status',
      cell: (a) =>
        a.active ? (
          <Badge variant="secondary">Active</Badge>
        ) : (
          <Badge variant="muted">Inactive</Badge>
        ),
    },
    {
      id: 'lastSignInAt',
      header: 'Last sign-in',
      cell: (a) =>
        a.lastSignInAt ? (
          <time dateTime={a.lastSignInAt}>{formatDateTime(a.lastSignInAt)}</time>
        ) : (
          'Never'
        ),
    },
    {
      id: 'actions',
      header: 'Actions',
      hideable: false,
      cell: (a) =>
        a.active && a.id !== me ? (
          <Button variant="outline" size="sm" className="h-11" onClick={() => setConfirming(a)}>
            Deactivate<span className="sr-only"> {a.email}</span>
          </Button>
        ) : null,
    },
  ];

  return (
    <ListPage
      title="Administrators"
      description={
        <p className="text-sm text-muted-foreground">
          Everyone who can sign in to this back office. A deactivated administrator is signed out at
          once and cannot sign in again.
        </p>
      }
      section={{
        id: 'admins-list-heading',
        heading: 'Accounts',
        after:
          (users.data?.invitations.length ?? 0) > 0 ? (
            <div className="grid gap-2">
              <h3 className="font-medium">Pending invitations</h3>
              <ul className="grid gap-1 text-sm">
                {users.data?.invitations.map((i) => (
                  <li key={i.id} className="flex flex-wrap items-center gap-x-3 gap-y-1">
                    <span>
                      {i.email}{' '}
                      <span className="text-muted-foreground">
                        {i.expired
                          ? '(expired)'
                          : `(link valid until ${formatDateTime(i.expiresAt)})`}
                      </span>
                    </span>
                    <Button
                      variant="outline"
                      size="sm"
                      className="min-h-11"
                      disabled={cancelInvitation.isPending}
                      aria-label={`Cancel invitation for ${i.email}`}
                      onClick={() => onCancelInvitation(i)}
                    >
                      Cancel invitation
                    </Button>
                  </li>
                ))}
              </ul>
            </div>
          ) : null,
      }}
      query={users}
      rows={rows}
      total={rows.length}
      noun={['administrator', 'administrators']}
      table={{
        label: 'Administrators',
        rowId: (a) => a.id,
        rowName: (a) => a.email,
        columns,
        renderCard: (a) => (
          <article className="grid gap-2 rounded-lg border border-border bg-card p-4 shadow-card">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 className="font-medium">
                {a.email}
                {a.id === me ? ' (you)' : ''}
              </h3>
              {a.active ? (
                <Badge variant="secondary">Active</Badge>
              ) : (
                <Badge variant="muted">Inactive</Badge>
              )}
            </div>
            <p className="text-sm text-muted-foreground">
              Last sign-in: {formatDateTime(a.lastSignInAt)}
            </p>
            {a.active && a.id !== me ? (
              <Button variant="outline" className="w-fit" onClick={() => setConfirming(a)}>
                Deactivate<span className="sr-only"> {a.email}</span>
              </Button>
            ) : null}
          </article>
        ),
      }}
    >
      <div className="grid gap-6 lg:grid-cols-2">
        <InviteCard />
        <PasswordCard />
      </div>
      <SignOutEverywhereCard />

      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => (open ? null : setConfirming(null))}
        title="Deactivate administrator"
        description={`Are you sure you want to deactivate ${confirming?.email ?? ''}?`}
        confirmLabel="Deactivate"
        pendingLabel="Deactivating..."
        pending={deactivate.isPending}
        onConfirm={onDeactivate}
      >
        <p className="text-sm">They are signed out at once and can no longer sign in.</p>
      </ConfirmDialog>
    </ListPage>
  );
}

function InviteCard() {
  const invite = useInviteAdmin();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [link, setLink] = useState<{ email: string; link: string; expiresAt: string } | null>(null);
  const { toast } = useToast();
  const id = useId();
  const fieldId = `${id}-invite-email`;
  const refocus = useRef(false);
  // A refused invitation: back to the field once it is enabled again.
  useEffect(() => {
    if (invite.isPending || !refocus.current) return;
    refocus.current = false;
    document.getElementById(fieldId)?.focus();
  }, [invite.isPending, error, fieldId]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (invite.isPending) return;
    if (email.trim() === '') {
      setError('E-mail is required');
      document.getElementById(fieldId)?.focus();
      return;
    }
    setError(undefined);
    invite.mutate(email.trim(), {
      onSuccess: (created) => {
        setLink(created);
        setEmail('');
        toast({ title: `Invitation created for ${created.email}`, variant: 'success' });
      },
      onError: (cause) => {
        setError(
          (isApiError(cause) ? cause.fields.email : undefined) ??
            errorMessage(cause, 'Could not create the invitation.'),
        );
        refocus.current = true;
      },
    });
  };

  const copy = async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link.link);
      toast({ title: 'Invitation link copied', variant: 'success' });
    } catch {
      toast({ title: 'Could not copy: select the link and copy it', variant: 'error' });
    }
  };

  return (
    <Card>
      <CardHeader>
        <h2 className="flex items-center gap-2 text-lg font-semibold">
          <UserPlus className="size-5 text-primary" aria-hidden="true" />
          Invite an administrator
        </h2>
        <p className="text-sm text-muted-foreground">
          Creates a one-time link, valid for 3 days, for you to send. Whoever opens it chooses a
          password and signs in.
        </p>
      </CardHeader>
      <CardContent className="grid gap-4">
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <Field id={fieldId} label="Email of the new administrator" required error={error}>
            <Input
              {...describedBy(fieldId, error)}
              type="email"
              name="email"
              autoComplete="off"
              required
              disabled={invite.isPending}
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          </Field>
          <Button type="submit" className="w-fit" disabled={invite.isPending}>
            {invite.isPending ? 'Creating link...' : 'Create invitation link'}
          </Button>
        </form>
        {link ? (
          <div className="grid gap-2 rounded-lg border border-border bg-surface p-4" role="status">
            <p className="text-sm">
              Send this link to <strong>{link.email}</strong>. It works once, until{' '}
              {formatDateTime(link.expiresAt)}, and is not shown again.
            </p>
            <Field id={`${id}-invite-link`} label="Invitation link">
              <Input
                id={`${id}-invite-link`}
                readOnly
                value={link.link}
                onFocus={(e) => e.target.select()}
              />
            </Field>
            <Button type="button" variant="outline" className="w-fit" onClick={() => void copy()}>
              <Copy aria-hidden="true" />
              Copy link
            </Button>
          </div>
        ) : null}
      </CardContent>
    </Card>
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
