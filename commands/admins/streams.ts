import {
  ADMIN_INVITATION_STREAM_PREFIX,
  ADMIN_STREAM_PREFIX,
  normaliseEmail,
} from '../../domain/admins/events';
import { sha256 } from '../hash';

/** `admin-{sha256 of the lowercased e-mail}`: one stream per e-mail, so 'no_stream' keeps it unique. */
export function adminStreamId(email: string): string {
  return `${ADMIN_STREAM_PREFIX}${sha256(normaliseEmail(email))}`;
}

/** The form a setup token is stored and compared in; the plain token only lives in the printed link. */
export function hashSetupToken(token: string): string {
  return sha256(token);
}

/** `admin-invitation-{sha256(token)}`: the link's token finds its invitation, nothing else does. */
export function invitationStreamId(token: string): string {
  return invitationStreamIdOfHash(hashSetupToken(token));
}

/** The same stream from the token's hash (what the read model keeps), to cancel it. */
export function invitationStreamIdOfHash(tokenHash: string): string {
  return `${ADMIN_INVITATION_STREAM_PREFIX}${tokenHash}`;
}
