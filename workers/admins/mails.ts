/**
 * The invitation mail: sent when SMTP_URL is set, for each AdminInvited (the outbox reads the
 * log, workers/notifications). The link is made again from the invitation's id with the
 * server's secret (commands/admins/invitation-token.ts): the same link the inviter was shown
 * once, never stored. Looked up when the mail is sent: an invitation used, replaced, cancelled
 * or expired by then is not mailed.
 */
import { invitationSecret, invitationToken, invitationUrl } from '../../commands/admins';
import { adminEventSchemas, INVITATION_TTL_DAYS } from '../../domain/admins/events';
import {
  ROLE_DESCRIPTIONS,
  roleOrAdministrator,
  roleWithArticle,
  type AdminRole,
} from '../../domain/admins/roles';
import { adminQueries } from '../../projections/admins';
import type { ReadStore } from '../../projections/read-store/port';
import type { PlatformConfig } from '../bootstrap/platform-config';
import { mailOn, type CapabilityMails, type MailMessage } from '../bootstrap/mail';

const INVITATION = 'admin-invitation';

/** 'Sat, 28 Nov 2026 14:31 UTC': one unambiguous time for a reader anywhere. */
export function mailDateTime(iso: string): string {
  const at = new Date(iso);
  const date = at.toLocaleDateString('en-US', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const time = at.toLocaleTimeString('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
  });
  return `${date}, ${time} UTC`;
}

/** The invitation mail's message. */
export function invitationMessage(invitation: {
  to: string;
  role: AdminRole;
  link: string;
  expiresAt: string;
  invitedBy: string | null;
  siteUrl: string;
}): MailMessage {
  const who = invitation.invitedBy ? `${invitation.invitedBy} has invited you` : 'You are invited';
  return {
    to: invitation.to,
    subject: `Your invitation to the VialCompare back office as ${roleWithArticle(invitation.role)}`,
    text: [
      `${who} to join the VialCompare back office as ${roleWithArticle(invitation.role)}.`,
      `${invitation.role === 'editor' ? 'Editors' : 'Administrators'} may use: ${ROLE_DESCRIPTIONS[invitation.role]}`,
      '',
      'Open this link to choose your password and sign in:',
      invitation.link,
      '',
      `The link works once, until ${mailDateTime(invitation.expiresAt)} (${INVITATION_TTL_DAYS} days after it was sent).`,
      'If it has expired, or you were not expecting it, ask the administrator who invited you; a newer invitation replaces this one.',
      '',
      `VialCompare: ${invitation.siteUrl}`,
    ].join('\n'),
  };
}

interface AdminMailDeps {
  config: PlatformConfig & { ADMIN_INVITATION_SECRET?: string | undefined };
  readStore: ReadStore;
}

export const adminMails: CapabilityMails<AdminMailDeps> = {
  onEvents: [
    // Only the id is read: the sender looks the invitation up when it sends.
    mailOn(
      'AdminInvited',
      adminEventSchemas.AdminInvited.pick({ invitationId: true }),
      ({ invitationId }) => ({ kind: INVITATION, invitationId }),
    ),
  ],
  addressed: [
    {
      kind: INVITATION,
      async message(mail, { config, readStore }) {
        const queries = adminQueries(readStore);
        const invitation = await queries.invitationById(mail.invitationId ?? '');
        // Not projected yet (the outbox can read the log before the read model has it): the
        // job fails and is retried.
        if (!invitation) throw new Error('the invitation is not in the read model yet');
        if (invitation.status !== 'pending') {
          return { skipped: `the invitation was ${invitation.status} before it was mailed` };
        }
        if (Date.parse(invitation.expiresAt) <= Date.now()) {
          return { skipped: 'the invitation expired before it was mailed' };
        }
        const inviter = await queries.adminUser(invitation.invitedBy);
        return invitationMessage({
          to: invitation.email,
          role: roleOrAdministrator(invitation.role),
          link: invitationUrl(
            config.publicUrl,
            invitationToken(invitationSecret(config), invitation._id),
          ),
          expiresAt: invitation.expiresAt,
          invitedBy: inviter?.email ?? null,
          siteUrl: config.publicUrl,
        });
      },
    },
  ],
};
