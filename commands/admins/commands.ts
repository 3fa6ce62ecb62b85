/**
 * Administrator commands: accounts (one stream per e-mail) and the one-time first-administrator
 * setup (the stream 'admin-setup'). Commands carry password hashes made by api/; the command
 * side never sees a password, and only a setup token's hash is stored.
 */
import { z } from 'zod';
import {
  adminInvitationDecider,
  adminSetupDecider,
  adminUserDecider,
  type AdminInvitationState,
  type AdminSetupState,
  type AdminUserState,
} from '../../domain/admins/decider';
import {
  ADMIN_SETUP_STREAM,
  adminEventSchemas,
  normaliseEmail,
  type AdminInvitationEvent,
  type AdminSetupEvent,
  type AdminUserEvent,
} from '../../domain/admins/events';
import { ADMIN_ROLES } from '../../domain/admins/roles';
import { declareCommand, onStream, writeModel } from '../command';
import {
  adminStreamId,
  hashSetupToken,
  invitationStreamId,
  invitationStreamIdOfHash,
} from './streams';

const userModel = writeModel<AdminUserEvent, AdminUserState>(adminUserDecider, adminEventSchemas);
const setupModel = writeModel<AdminSetupEvent, AdminSetupState>(
  adminSetupDecider,
  adminEventSchemas,
);
const invitationModel = writeModel<AdminInvitationEvent, AdminInvitationState>(
  adminInvitationDecider,
  adminEventSchemas,
);

const email = z
  .string()
  .trim()
  .email('Please enter a valid email address.')
  .transform(normaliseEmail);
const passwordHash = z.string().min(1, 'Password hash is required');
const setupToken = z.string().min(16, 'This setup link is not valid').max(200);
const role = z.enum(ADMIN_ROLES, { error: "Role must be 'administrator' or 'editor'." });
const tokenHash = z.string().regex(/^[0-9a-f]{64}$/, 'Not an invitation');

export const registerAdminCommand = z.object({
  type: z.literal('RegisterAdmin'),
  email,
  passwordHash,
  /** Omitted (the command line): an administrator. */
  role: role.optional(),
});

export const changeAdminPasswordCommand = z.object({
  type: z.literal('ChangeAdminPassword'),
  email,
  passwordHash,
});

export const deactivateAdminCommand = z.object({
  type: z.literal('DeactivateAdmin'),
  email,
  /** The administrator asking (never themselves) and how many are active (never the last). */
  byAdminId: z.string().min(1).optional(),
  activeAdministrators: z.number().int().min(0).optional(),
});

export const changeAdminRoleCommand = z.object({
  type: z.literal('ChangeAdminRole'),
  email,
  role,
  /** The administrator asking (never for themselves) and how many administrators are active. */
  byAdminId: z.string().min(1),
  activeAdministrators: z.number().int().min(0),
});

export const recordAdminSignInCommand = z.object({
  type: z.literal('RecordAdminSignIn'),
  email,
});

export const inviteAdminCommand = z.object({
  type: z.literal('InviteAdmin'),
  /** Given: the link's token was made from it (commands/admins/invitation-token.ts). */
  invitationId: z.string().trim().min(1).max(100).optional(),
  email,
  role,
  /** The plain token of the link (shown once to the inviter); only its sha256 is stored. */
  token: setupToken,
  expiresAt: z.string().datetime('Expiry must be an ISO date-time'),
  invitedBy: z.string().min(1),
  /**
   * The token hashes of the address's pending invitations (read model): each is replaced, so
   * only the newest link works.
   */
  replacing: z.array(tokenHash).max(50).default([]),
});

export const acceptAdminInvitationCommand = z.object({
  type: z.literal('AcceptAdminInvitation'),
  adminId: z.string().trim().min(1).max(100).optional(),
  token: setupToken,
  /** The invitation's e-mail and role (read model); the decider checks both against it. */
  email,
  role,
  passwordHash,
});

export const cancelAdminInvitationCommand = z.object({
  type: z.literal('CancelAdminInvitation'),
  /** The invitation's token hash (read model): its stream's name. */
  tokenHash,
  cancelledBy: z.string().min(1),
});

export const recordCachesClearedCommand = z.object({
  type: z.literal('RecordCachesCleared'),
  /** The signed-in administrator who pressed 'Clear All Caches'. */
  email,
});

export const issueAdminSetupTokenCommand = z.object({
  type: z.literal('IssueAdminSetupToken'),
  /** The plain token printed in the setup link; only its sha256 is stored. */
  token: setupToken,
  expiresAt: z.string().datetime('Expiry must be an ISO date-time'),
  /**
   * The setup stream's revision the issuer read before deciding (-1: no token yet). Another
   * process's token appended since is a conflict, never replaced: one link for the cluster.
   */
  expectedRevision: z.number().int('Expected revision must be a whole number').min(-1).optional(),
});

export const completeAdminSetupCommand = z.object({
  type: z.literal('CompleteAdminSetup'),
  /** Omitted: the bus makes a new id. Given: the caller credits the setup to it. */
  adminId: z.string().trim().min(1).max(100).optional(),
  token: setupToken,
  email,
  passwordHash,
});

/** An existing account's stream; the result names the account's admin id from its history. */
const onAccount = (
  address: string,
  decide: (state: AdminUserState, now: Date) => AdminUserEvent[],
) =>
  onStream(userModel, adminStreamId(address), {
    id: (state) => (state.status === 'absent' ? '' : state.adminId),
    decide,
  });

/** A new account's stream, registered under the id decided for this dispatch. */
const registration = (account: {
  adminId: string;
  email: string;
  passwordHash: string;
  role?: z.infer<typeof role> | undefined;
}) =>
  onStream(userModel, adminStreamId(account.email), {
    id: account.adminId,
    decide: (state, now) => {
      const { role: given, ...rest } = account;
      return adminUserDecider.decide(
        { type: 'RegisterAdmin', ...rest, ...(given === undefined ? {} : { role: given }) },
        state,
        now,
      );
    },
  });

export const adminCommands = {
  RegisterAdmin: declareCommand({
    schema: registerAdminCommand,
    prepare: (c, { newId }) => ({ ...c, adminId: newId() }),
    // A retry re-reads the stream and answers 'An administrator with this email already exists'.
    streams: ({ adminId, email, passwordHash, role: given }) => [
      registration({ adminId, email, passwordHash, role: given }),
    ],
  }),
  ChangeAdminPassword: declareCommand({
    schema: changeAdminPasswordCommand,
    streams: ({ email: address, passwordHash: hash }) => [
      onAccount(address, (state, now) =>
        adminUserDecider.decide({ type: 'ChangeAdminPassword', passwordHash: hash }, state, now),
      ),
    ],
  }),
  DeactivateAdmin: declareCommand({
    schema: deactivateAdminCommand,
    streams: ({ email: address, byAdminId, activeAdministrators }) => [
      onAccount(address, (state, now) =>
        adminUserDecider.decide(
          {
            type: 'DeactivateAdmin',
            ...(byAdminId === undefined ? {} : { byAdminId }),
            ...(activeAdministrators === undefined ? {} : { activeAdministrators }),
          },
          state,
          now,
        ),
      ),
    ],
  }),
  ChangeAdminRole: declareCommand({
    schema: changeAdminRoleCommand,
    streams: ({ email: address, role: next, byAdminId, activeAdministrators }) => [
      onAccount(address, (state, now) =>
        adminUserDecider.decide(
          { type: 'ChangeAdminRole', role: next, byAdminId, activeAdministrators },
          state,
          now,
        ),
      ),
    ],
  }),
  RecordAdminSignIn: declareCommand({
    schema: recordAdminSignInCommand,
    streams: ({ email: address }) => [
      onAccount(address, (state, now) =>
        adminUserDecider.decide({ type: 'RecordAdminSignIn' }, state, now),
      ),
    ],
  }),
  InviteAdmin: declareCommand({
    schema: inviteAdminCommand,
    prepare: (c, { newId }) => ({ ...c, invitationId: c.invitationId ?? newId() }),
    // The replaced invitations first, the new one last (a store without multi-stream
    // transactions appends in this order; the new stream's token is fresh, so it is not refused).
    streams: ({
      invitationId,
      email: address,
      role: given,
      token,
      expiresAt,
      invitedBy,
      replacing,
    }) => [
      ...replacing.map((replaced) =>
        onStream(invitationModel, invitationStreamIdOfHash(replaced), {
          id: replaced,
          decide: (state, now) =>
            adminInvitationDecider.decide(
              { type: 'ReplaceAdminInvitation', replacedBy: invitationId },
              state,
              now,
            ),
        }),
      ),
      onStream(invitationModel, invitationStreamId(token), {
        id: invitationId,
        decide: (state, now) =>
          adminInvitationDecider.decide(
            {
              type: 'InviteAdmin',
              invitationId,
              email: address,
              tokenHash: hashSetupToken(token),
              expiresAt,
              invitedBy,
              role: given,
            },
            state,
            now,
          ),
      }),
    ],
  }),
  AcceptAdminInvitation: declareCommand({
    schema: acceptAdminInvitationCommand,
    prepare: (c, { newId }) => ({ ...c, adminId: c.adminId ?? newId() }),
    // As the setup link: the invitation stream first, never decided again on a conflict, so
    // two people submitting the same link at once make one account.
    retryOnConflict: false,
    streams: ({ token, adminId, email: address, role: given, passwordHash: hash }) => [
      onStream(invitationModel, invitationStreamId(token), {
        id: adminId,
        decide: (state, now) =>
          adminInvitationDecider.decide(
            { type: 'AcceptAdminInvitation', email: address, adminId, role: given },
            state,
            now,
          ),
      }),
      registration({ adminId, email: address, passwordHash: hash, role: given }),
    ],
  }),
  CancelAdminInvitation: declareCommand({
    schema: cancelAdminInvitationCommand,
    streams: ({ tokenHash, cancelledBy }) => [
      onStream(invitationModel, invitationStreamIdOfHash(tokenHash), {
        id: tokenHash,
        decide: (state, now) =>
          adminInvitationDecider.decide({ type: 'CancelAdminInvitation', cancelledBy }, state, now),
      }),
    ],
  }),
  RecordCachesCleared: declareCommand({
    schema: recordCachesClearedCommand,
    streams: ({ email: address }) => [
      onAccount(address, (state, now) =>
        adminUserDecider.decide({ type: 'RecordCachesCleared' }, state, now),
      ),
    ],
  }),
  IssueAdminSetupToken: declareCommand({
    schema: issueAdminSetupTokenCommand,
    // Several api processes starting at once each read the stream, then issue: the first
    // append wins and the others see the conflict instead of replacing its token.
    retryOnConflict: false,
    streams: ({ token, expiresAt, expectedRevision }) => [
      onStream(setupModel, ADMIN_SETUP_STREAM, {
        id: ADMIN_SETUP_STREAM,
        expectedRevision,
        decide: (state, now) =>
          adminSetupDecider.decide(
            { type: 'IssueAdminSetupToken', tokenHash: hashSetupToken(token), expiresAt },
            state,
            now,
          ),
      }),
    ],
  }),
  CompleteAdminSetup: declareCommand({
    schema: completeAdminSetupCommand,
    prepare: (c, { newId }) => ({ ...c, adminId: c.adminId ?? newId() }),
    // Two streams: a conflict on either is reported, never decided again. The setup stream is
    // appended first: its exact expected revision makes the link one-time even when two people
    // submit it at once. (A registration of the same e-mail slipping in between would surface
    // as a ConcurrencyError with the setup used up; the CLI remains.)
    retryOnConflict: false,
    streams: ({ token, adminId, email: address, passwordHash: hash }) => [
      onStream(setupModel, ADMIN_SETUP_STREAM, {
        id: adminId,
        decide: (state, now) =>
          adminSetupDecider.decide(
            { type: 'CompleteAdminSetup', tokenHash: hashSetupToken(token), adminId },
            state,
            now,
          ),
      }),
      // The first account runs the site: an administrator, named so in its event.
      registration({ adminId, email: address, passwordHash: hash, role: 'administrator' }),
    ],
  }),
};
