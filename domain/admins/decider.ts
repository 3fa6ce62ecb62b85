/**
 * Deciders for administrator accounts and the one-time first-administrator setup.
 * Pure: hashes arrive already computed (commands/ and api/ hash), the time is passed in.
 */
import { decisionErrors, type Decider } from '../shared/decider';
import type { AdminInvitationEvent, AdminSetupEvent, AdminUserEvent } from './events';
import { normaliseEmail } from './events';
import { roleOrAdministrator, type AdminRole } from './roles';

/** What the history refuses; the API maps each code to 404 / 409 / 410 / 403 / 400. */
export const adminErrors = decisionErrors({
  admin_already_registered: 'An administrator with this email already exists',
  admin_not_found: 'Administrator not found',
  admin_deactivated: 'This administrator account is deactivated',
  setup_completed: 'Administrator setup has already been completed',
  setup_token_invalid: 'This setup link is not valid',
  setup_token_expired: 'This setup link has expired',
  cannot_deactivate_self:
    'You cannot deactivate your own account. Ask another administrator to do it.',
  last_active_admin:
    'The last active administrator cannot be deactivated: invite another administrator first.',
  cannot_change_own_role: 'You cannot change your own role. Ask another administrator to do it.',
  last_active_admin_role:
    'The last active administrator cannot become an editor: make another account an administrator first.',
  invitation_exists: 'This invitation was already sent.',
  invitation_invalid: 'This invitation link is not valid. Ask an administrator for a new one.',
  invitation_expired: 'This invitation link has expired. Ask an administrator for a new one.',
  invitation_used: 'This invitation link has already been used.',
  invitation_cancelled: 'This invitation was cancelled. Ask an administrator for a new one.',
  invitation_replaced:
    'This invitation was replaced by a newer one. Use the link in the latest invitation.',
  invitation_not_pending: 'This invitation was already used, replaced or cancelled.',
  invitation_not_found: 'Invitation not found',
});
export type AdminErrorCode = keyof typeof adminErrors.messages;
export const ADMIN_ERROR_MESSAGES = adminErrors.messages;

function fail(code: AdminErrorCode): never {
  return adminErrors.fail(code);
}

// ---- administrator accounts: stream admin-{sha256(e-mail)} ----

export type AdminUserState =
  | { status: 'absent' }
  | {
      status: 'active' | 'deactivated';
      adminId: string;
      email: string;
      passwordHash: string;
      role: AdminRole;
    };

export const initialAdminUserState: AdminUserState = { status: 'absent' };

export type AdminUserCommand =
  | {
      type: 'RegisterAdmin';
      adminId: string;
      email: string;
      passwordHash: string;
      /** An invitation's role; omitted (setup link, command line): an administrator. */
      role?: AdminRole;
    }
  | { type: 'ChangeAdminPassword'; passwordHash: string }
  | {
      type: 'DeactivateAdmin';
      /**
       * Who asks, and how many accounts with the administrator role are active now (read
       * model). Given by the back office: nobody deactivates themselves, and the last active
       * administrator stays. Omitted by system callers (tests, scripts).
       */
      byAdminId?: string;
      activeAdministrators?: number;
    }
  | {
      type: 'ChangeAdminRole';
      role: AdminRole;
      /** The administrator asking: never for their own account. */
      byAdminId: string;
      /** Active accounts with the administrator role now (read model): one always stays. */
      activeAdministrators: number;
    }
  | { type: 'RecordAdminSignIn' }
  | { type: 'RecordCachesCleared' };

export function evolveAdminUser(state: AdminUserState, event: AdminUserEvent): AdminUserState {
  switch (event.type) {
    case 'AdminRegistered':
      return {
        status: 'active',
        adminId: event.data.adminId,
        email: event.data.email,
        passwordHash: event.data.passwordHash,
        role: roleOrAdministrator(event.data.role),
      };
    case 'AdminRoleChanged':
      return state.status === 'absent' ? state : { ...state, role: event.data.role };
    case 'AdminPasswordChanged':
      return state.status === 'absent'
        ? state
        : { ...state, passwordHash: event.data.passwordHash };
    case 'AdminDeactivated':
      return state.status === 'absent' ? state : { ...state, status: 'deactivated' };
    case 'AdminSignedIn':
    case 'AdminClearedCaches':
      return state;
  }
}

export function foldAdminUser(events: readonly AdminUserEvent[]): AdminUserState {
  return events.reduce(evolveAdminUser, initialAdminUserState);
}

export function decideAdminUser(
  command: AdminUserCommand,
  state: AdminUserState,
): AdminUserEvent[] {
  if (command.type === 'RegisterAdmin') {
    if (state.status !== 'absent') fail('admin_already_registered');
    const { adminId, passwordHash, role } = command;
    return [
      {
        type: 'AdminRegistered',
        data: {
          adminId,
          email: normaliseEmail(command.email),
          passwordHash,
          ...(role === undefined ? {} : { role }),
        },
      },
    ];
  }
  if (state.status === 'absent') fail('admin_not_found');
  const { adminId } = state;
  switch (command.type) {
    case 'ChangeAdminPassword':
      if (state.status === 'deactivated') fail('admin_deactivated');
      return command.passwordHash === state.passwordHash
        ? []
        : [{ type: 'AdminPasswordChanged', data: { adminId, passwordHash: command.passwordHash } }];
    case 'DeactivateAdmin':
      // Already deactivated: nothing new happened.
      if (state.status === 'deactivated') return [];
      if (command.byAdminId === adminId) fail('cannot_deactivate_self');
      // Editors may all go; the last active administrator stays (someone must run the site).
      if (
        state.role === 'administrator' &&
        command.activeAdministrators !== undefined &&
        command.activeAdministrators <= 1
      ) {
        fail('last_active_admin');
      }
      return [{ type: 'AdminDeactivated', data: { adminId } }];
    case 'ChangeAdminRole':
      if (state.status === 'deactivated') fail('admin_deactivated');
      if (command.byAdminId === adminId) fail('cannot_change_own_role');
      if (command.role === state.role) return [];
      if (state.role === 'administrator' && command.activeAdministrators <= 1) {
        fail('last_active_admin_role');
      }
      return [
        {
          type: 'AdminRoleChanged',
          data: {
            adminId,
            role: command.role,
            previousRole: state.role,
            changedBy: command.byAdminId,
          },
        },
      ];
    case 'RecordAdminSignIn':
      if (state.status === 'deactivated') fail('admin_deactivated');
      return [{ type: 'AdminSignedIn', data: { adminId } }];
    case 'RecordCachesCleared':
      if (state.status === 'deactivated') fail('admin_deactivated');
      return [{ type: 'AdminClearedCaches', data: { adminId } }];
  }
}

// ---- one-time setup: stream admin-setup ----

export type AdminSetupState =
  | { status: 'not_started' }
  | { status: 'issued'; tokenHash: string; expiresAt: string }
  | { status: 'completed'; adminId: string };

export const initialAdminSetupState: AdminSetupState = { status: 'not_started' };

export type AdminSetupCommand =
  /** Issuing again before completion replaces the earlier link (a restart prints a new one). */
  | { type: 'IssueAdminSetupToken'; tokenHash: string; expiresAt: string }
  | { type: 'CompleteAdminSetup'; tokenHash: string; adminId: string };

export function evolveAdminSetup(state: AdminSetupState, event: AdminSetupEvent): AdminSetupState {
  switch (event.type) {
    case 'AdminSetupTokenIssued':
      return state.status === 'completed'
        ? state
        : { status: 'issued', tokenHash: event.data.tokenHash, expiresAt: event.data.expiresAt };
    case 'AdminSetupCompleted':
      return { status: 'completed', adminId: event.data.adminId };
  }
}

export function foldAdminSetup(events: readonly AdminSetupEvent[]): AdminSetupState {
  return events.reduce(evolveAdminSetup, initialAdminSetupState);
}

export function decideAdminSetup(
  command: AdminSetupCommand,
  state: AdminSetupState,
  now: Date,
): AdminSetupEvent[] {
  if (state.status === 'completed') fail('setup_completed');
  switch (command.type) {
    case 'IssueAdminSetupToken':
      return [
        {
          type: 'AdminSetupTokenIssued',
          data: { tokenHash: command.tokenHash, expiresAt: command.expiresAt },
        },
      ];
    case 'CompleteAdminSetup':
      if (state.status === 'not_started') fail('setup_token_invalid');
      if (!sameSecret(state.tokenHash, command.tokenHash)) fail('setup_token_invalid');
      if (now.getTime() >= Date.parse(state.expiresAt)) fail('setup_token_expired');
      return [{ type: 'AdminSetupCompleted', data: { adminId: command.adminId } }];
  }
}

/** Compares two hashes without stopping at the first difference (no timing hint). */
function sameSecret(a: string, b: string): boolean {
  let diff = a.length ^ b.length;
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    diff |= (a.charCodeAt(i) || 0) ^ (b.charCodeAt(i) || 0);
  }
  return diff === 0;
}

/** An administrator account: one stream `admin-{sha256(e-mail)}` per e-mail. */
export const adminUserDecider: Decider<AdminUserCommand, AdminUserEvent, AdminUserState> = {
  decide: (command, state) => decideAdminUser(command, state),
  evolve: evolveAdminUser,
  initialState: initialAdminUserState,
};

/** The one-time first-administrator setup: the single stream `admin-setup`. */
export const adminSetupDecider: Decider<AdminSetupCommand, AdminSetupEvent, AdminSetupState> = {
  decide: decideAdminSetup,
  evolve: evolveAdminSetup,
  initialState: initialAdminSetupState,
};

// ---- invitations: one stream admin-invitation-{sha256(token)} per invitation ----

export type AdminInvitationState =
  | { status: 'absent' }
  | {
      status: 'pending' | 'accepted' | 'cancelled' | 'replaced';
      invitationId: string;
      email: string;
      expiresAt: string;
      role: AdminRole;
    };

export const initialAdminInvitationState: AdminInvitationState = { status: 'absent' };

export type AdminInvitationCommand =
  | {
      type: 'InviteAdmin';
      invitationId: string;
      email: string;
      tokenHash: string;
      expiresAt: string;
      invitedBy: string;
      role: AdminRole;
    }
  /**
   * The invitation's e-mail and role, as the accepting page was shown them: a mismatch is no
   * invitation (the account is registered with that role).
   */
  | { type: 'AcceptAdminInvitation'; email: string; adminId: string; role: AdminRole }
  | { type: 'CancelAdminInvitation'; cancelledBy: string }
  /** A newer invitation to the same address (`replacedBy`) takes this one's place. */
  | { type: 'ReplaceAdminInvitation'; replacedBy: string };

export function evolveAdminInvitation(
  state: AdminInvitationState,
  event: AdminInvitationEvent,
): AdminInvitationState {
  switch (event.type) {
    case 'AdminInvited':
      return {
        status: 'pending',
        invitationId: event.data.invitationId,
        email: event.data.email,
        expiresAt: event.data.expiresAt,
        role: roleOrAdministrator(event.data.role),
      };
    case 'AdminInvitationAccepted':
      return state.status === 'absent' ? state : { ...state, status: 'accepted' };
    case 'AdminInvitationCancelled':
      return state.status === 'absent' ? state : { ...state, status: 'cancelled' };
    case 'AdminInvitationReplaced':
      return state.status === 'absent' ? state : { ...state, status: 'replaced' };
  }
}

/**
 * An invitation is used once, before it expires, by the e-mail it names. The stream's name comes
 * from the token's hash, so an unknown token finds an empty stream: 'not valid'.
 */
export function decideAdminInvitation(
  command: AdminInvitationCommand,
  state: AdminInvitationState,
  now: Date,
): AdminInvitationEvent[] {
  switch (command.type) {
    case 'InviteAdmin': {
      if (state.status !== 'absent') fail('invitation_exists');
      const { type: _type, ...data } = command;
      return [{ type: 'AdminInvited', data: { ...data, email: normaliseEmail(data.email) } }];
    }
    case 'AcceptAdminInvitation':
      if (state.status === 'absent') fail('invitation_invalid');
      if (state.email !== normaliseEmail(command.email)) fail('invitation_invalid');
      if (state.role !== command.role) fail('invitation_invalid');
      if (state.status === 'accepted') fail('invitation_used');
      if (state.status === 'cancelled') fail('invitation_cancelled');
      if (state.status === 'replaced') fail('invitation_replaced');
      if (now.getTime() >= Date.parse(state.expiresAt)) fail('invitation_expired');
      return [
        {
          type: 'AdminInvitationAccepted',
          data: { invitationId: state.invitationId, adminId: command.adminId },
        },
      ];
    case 'CancelAdminInvitation':
      // Expired but unused invitations can be cancelled too: the list shows them until then.
      if (state.status === 'absent') fail('invitation_invalid');
      if (state.status !== 'pending') fail('invitation_not_pending');
      return [
        {
          type: 'AdminInvitationCancelled',
          data: { invitationId: state.invitationId, cancelledBy: command.cancelledBy },
        },
      ];
    case 'ReplaceAdminInvitation':
      // Used, cancelled or replaced already: nothing left to replace.
      if (state.status !== 'pending') return [];
      return [
        {
          type: 'AdminInvitationReplaced',
          data: { invitationId: state.invitationId, replacedBy: command.replacedBy },
        },
      ];
  }
}

export const adminInvitationDecider: Decider<
  AdminInvitationCommand,
  AdminInvitationEvent,
  AdminInvitationState
> = {
  decide: decideAdminInvitation,
  evolve: evolveAdminInvitation,
  initialState: initialAdminInvitationState,
};
