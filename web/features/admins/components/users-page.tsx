import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { Copy, UserPlus } from 'lucide-react';
import type { AdminListItem, AdminRole, InvitationCreated } from '../../../../api/admins/contracts';
import { INVITATION_TTL_DAYS } from '../../../../domain/admins/events';
import {
  ADMIN_ROLES,
  ROLE_DESCRIPTIONS,
  ROLE_LABELS,
  roleWithArticle,
} from '../../../../domain/admins/roles';
import { type DataColumn } from '../../../components/data-table/data-table';
import { ListPage } from '../../../components/data-table/list-page';
import { Field, describedBy } from '../../../components/field';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { useToast } from '../../../components/ui/toast';
import { toastOutcome } from '../../../components/ui/toast-outcome';
import { errorMessage, isApiError } from '../../../lib/http-client';
import { cn } from '../../../lib/utils';
import {
  useAdminUsers,
  useCancelInvitation,
  useChangeRole,
  useDeactivateAdmin,
  useInviteAdmin,
} from '../api/users';
import { formatLocalDateTime } from '../../../lib/local-time';

const otherRole = (role: AdminRole): AdminRole =>
  role === 'administrator' ? 'editor' : 'administrator';

const formatDateTime = (iso: string | null) => (iso ? formatLocalDateTime(iso) : 'Never');

/**
 * /admin/users (administrators only): the accounts (e-mail, role, active, last sign-in),
 * inviting an administrator or an editor by a one-time link (e-mailed too when the server has
 * a mail server), changing another's role, deactivating another. Your own password and
 * sessions are on /admin/account.
 */
export function AdminUsersPage() {
  const users = useAdminUsers();
  const deactivate = useDeactivateAdmin();
  const changeRole = useChangeRole();
  const cancelInvitation = useCancelInvitation();
  const [confirming, setConfirming] = useState<AdminListItem | null>(null);
  const [changing, setChanging] = useState<AdminListItem | null>(null);
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

  const onChangeRole = () => {
    if (!changing) return;
    const target = changing;
    const role = otherRole(target.role);
    changeRole.mutate(
      { id: target.id, role },
      {
        ...toastOutcome({
          success: {
            title: `${target.email} is now ${roleWithArticle(role)}`,
            description: 'The new role holds from their next click.',
          },
          failure: 'Failed to change the role',
        }),
        onSettled: () => setChanging(null),
      },
    );
  };

  /** Change role and Deactivate, for another active account. */
  const actions = (a: AdminListItem, className: string) =>
    a.active && a.id !== me ? (
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" className={className} onClick={() => setChanging(a)}>
          Make {ROLE_LABELS[otherRole(a.role)].toLowerCase()}
          <span className="sr-only"> {a.email}</span>
        </Button>
        <Button variant="outline" size="sm" className={className} onClick={() => setConfirming(a)}>
          Deactivate<span className="sr-only"> {a.email}</span>
        </Button>
      </div>
    ) : null;

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
      id: 'role',
      header: 'Role',
      cell: (a) => <RoleBadge role={a.role} />,
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
      cell: (a) => actions(a, 'h-11'),
    },
  ];

  return (
    <ListPage
      title="Administrators"
      description={
        <div className="grid gap-1 text-sm text-muted-foreground">
          <p>
            Everyone who can sign in to this back office. A deactivated account is signed out at
            once and cannot sign in again.
          </p>
          <ul className="grid gap-1">
            {ADMIN_ROLES.map((role) => (
              <li key={role}>
                <strong className="text-foreground">{ROLE_LABELS[role]}:</strong>{' '}
                {ROLE_DESCRIPTIONS[role]}
              </li>
            ))}
          </ul>
          <p>
            Your own password and sessions:{' '}
            <Link to="/admin/account" className="font-medium text-primary underline">
              Your account
            </Link>
            .
          </p>
        </div>
      }
      section={{
        id: 'admins-list-heading',
        heading: 'Accounts',
        after:
          (users.data?.invitations.length ?? 0) > 0 ? (
            <div className="grid gap-2">
              <h3 className="font-medium">Pending invitations</h3>
              <p className="text-sm text-muted-foreground">
                An invitation link works once and expires {INVITATION_TTL_DAYS} days after it is
                sent. Inviting the same address again replaces its pending invitation.
              </p>
              <ul className="grid gap-1 text-sm">
                {users.data?.invitations.map((i) => (
                  <li key={i.id} className="flex flex-wrap items-center gap-x-3 gap-y-1">
                    <span>
                      {i.email} <span className="text-muted-foreground">as</span>{' '}
                      {ROLE_LABELS[i.role].toLowerCase()}{' '}
                      <span className="text-muted-foreground">
                        {i.expired
                          ? `(expired ${formatDateTime(i.expiresAt)})`
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
              <div className="flex flex-wrap gap-2">
                <RoleBadge role={a.role} />
                {a.active ? (
                  <Badge variant="secondary">Active</Badge>
                ) : (
                  <Badge variant="muted">Inactive</Badge>
                )}
              </div>
            </div>
            <p className="text-sm text-muted-foreground">
              Last sign-in: {formatDateTime(a.lastSignInAt)}
            </p>
            {actions(a, 'min-h-11')}
          </article>
        ),
      }}
    >
      <InviteCard mailed={users.data?.invitationsMailed ?? false} />

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

      <ConfirmDialog
        open={changing !== null}
        onOpenChange={(open) => (open ? null : setChanging(null))}
        title="Change role"
        description={
          changing ? `Make ${changing.email} ${roleWithArticle(otherRole(changing.role))}?` : ''
        }
        confirmLabel={changing ? `Make ${ROLE_LABELS[otherRole(changing.role)].toLowerCase()}` : ''}
        pendingLabel="Changing..."
        pending={changeRole.isPending}
        onConfirm={onChangeRole}
      >
        {changing ? (
          <p className="text-sm">
            {ROLE_LABELS[otherRole(changing.role)]}s may use:{' '}
            {ROLE_DESCRIPTIONS[otherRole(changing.role)]}
          </p>
        ) : null}
      </ConfirmDialog>
    </ListPage>
  );
}

/** Badge of a role: the words say it, not the colour. */
function RoleBadge({ role }: { role: AdminRole }) {
  return (
    <Badge variant={role === 'administrator' ? 'default' : 'outline'}>{ROLE_LABELS[role]}</Badge>
  );
}

function InviteCard({ mailed }: { mailed: boolean }) {
  const invite = useInviteAdmin();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<AdminRole>('editor');
  const [error, setError] = useState<string | undefined>();
  const [link, setLink] = useState<InvitationCreated | null>(null);
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
    invite.mutate(
      { email: email.trim(), role },
      {
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
      },
    );
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
          Invite an administrator or an editor
        </h2>
        <p className="text-sm text-muted-foreground">
          Creates a one-time link, valid for {INVITATION_TTL_DAYS} days.{' '}
          {mailed
            ? 'It is e-mailed to the address and shown here once, for you to pass on too.'
            : 'No mail server is configured (SMTP_URL), so nothing is e-mailed: send the link yourself.'}{' '}
          Whoever opens it chooses a password and signs in with the role you choose.
        </p>
      </CardHeader>
      <CardContent className="grid gap-4">
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <Field id={fieldId} label="Email of the person to invite" required error={error}>
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
          <fieldset className="grid gap-2" disabled={invite.isPending}>
            <legend className="text-sm font-medium">Role</legend>
            {ADMIN_ROLES.map((choice) => (
              <label
                key={choice}
                className={cn(
                  'flex min-h-11 cursor-pointer items-start gap-3 rounded-md border p-3 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
                  role === choice ? 'border-primary bg-primary-soft' : 'border-border',
                )}
              >
                <input
                  type="radio"
                  name="role"
                  value={choice}
                  checked={role === choice}
                  onChange={() => setRole(choice)}
                  className="mt-1 size-4 accent-primary"
                />
                <span className="grid gap-0.5">
                  <span className="font-medium">{ROLE_LABELS[choice]}</span>
                  <span className="text-sm text-muted-foreground">{ROLE_DESCRIPTIONS[choice]}</span>
                </span>
              </label>
            ))}
          </fieldset>
          <Button type="submit" className="w-fit" disabled={invite.isPending}>
            {invite.isPending ? 'Creating link...' : 'Create invitation link'}
          </Button>
        </form>
        {link ? (
          <div className="grid gap-2 rounded-lg border border-border bg-surface p-4" role="status">
            <p className="text-sm">
              {link.mailed ? 'E-mailed to' : 'Send this link to'} <strong>{link.email}</strong> (
              {roleWithArticle(link.role)}).{' '}
              {`It works once, until ${formatDateTime(link.expiresAt)}, and is not shown again.`}
              {link.replaced > 0
                ? ' It replaces the earlier invitation to this address: that link no longer works.'
                : ''}
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
