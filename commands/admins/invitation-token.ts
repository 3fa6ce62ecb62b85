/**
 * An invitation link's token: base64url(HMAC-SHA256(secret, 'admin-invitation:v1:' + id)).
 * Made from the invitation's id, so the mail sent later (workers/admins/mails.ts, another
 * process on the distributed profile) writes the same link without the token ever being
 * stored: the log keeps only its sha256 (the invitation stream's name), and only the server's
 * secret can make a link from an id.
 *
 * The secret is ADMIN_INVITATION_SECRET, or (unset) one generated on first use and kept in
 * DATA_DIR/admin-invitation-secret (mode 600), so a mail queued before a restart still carries
 * the link the inviter was shown.
 */
import { keptSecret } from '../kept-secret';
import { createHmac } from 'node:crypto';

export const INVITATION_SECRET_FILE = 'admin-invitation-secret';
const PURPOSE = 'admin-invitation:v1:';

/** The token of an invitation's link (43 characters). */
export function invitationToken(secret: string, invitationId: string): string {
  return createHmac('sha256', secret)
    .update(`${PURPOSE}${invitationId}`, 'utf8')
    .digest('base64url');
}

/** The absolute link an invitation's token opens. */
export function invitationUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/$/, '')}/admin/invite?token=${token}`;
}

/** What the secret is read from: the configuration (ADMIN_INVITATION_SECRET and DATA_DIR). */
export interface InvitationSecretSource {
  ADMIN_INVITATION_SECRET?: string | undefined;
  dataDir: string;
}

/**
 * ADMIN_INVITATION_SECRET, or the one kept in DATA_DIR (32 random bytes made on first use,
 * written with 'wx': two processes starting together keep the first one written).
 */
export function invitationSecret(source: InvitationSecretSource): string {
  return source.ADMIN_INVITATION_SECRET ?? keptSecret(source.dataDir, INVITATION_SECRET_FILE);
}
