/**
 * Roles as Given(events) / When(command) / Then: an account is an administrator or an editor;
 * accounts registered before roles (no role in their event) are administrators; an
 * administrator changes another's role, never their own; the last active administrator is
 * never demoted nor deactivated; a newer invitation to the same address replaces the pending one.
 */
import { describe, it } from 'vitest';
import {
  adminInvitationDecider,
  adminUserDecider,
  ADMIN_ERROR_MESSAGES,
} from '../../../domain/admins/decider';
import type { AdminInvitationEvent, AdminUserEvent } from '../../../domain/admins/events';
import { DecisionError } from '../../../domain/shared/decider';
import { DeciderSpecification } from '../../support/decider-specification';

const NOW = new Date('2026-03-14T10:00:00.000Z');
const user = DeciderSpecification.for(adminUserDecider, { now: NOW });
const invitation = DeciderSpecification.for(adminInvitationDecider, { now: NOW });

/** Registered before roles existed: its event names no role. */
const oldAdministrator: AdminUserEvent = {
  type: 'AdminRegistered',
  data: { adminId: 'a-2', email: 'old@example.com', passwordHash: 'scrypt$h' },
};
const editor: AdminUserEvent = {
  type: 'AdminRegistered',
  data: { adminId: 'a-3', email: 'editor@example.com', passwordHash: 'scrypt$h', role: 'editor' },
};
const deactivatedEditor: AdminUserEvent = { type: 'AdminDeactivated', data: { adminId: 'a-3' } };

describe('RegisterAdmin with a role', () => {
  it('given no account, registers it with the role it was given', () => {
    user
      .given([])
      .when({
        type: 'RegisterAdmin',
        adminId: 'a-3',
        email: 'editor@example.com',
        passwordHash: 'scrypt$h',
        role: 'editor',
      })
      .then([editor]);
  });

  it('given no role (setup link, command line), records none: it reads as an administrator', () => {
    user
      .given([])
      .when({
        type: 'RegisterAdmin',
        adminId: 'a-2',
        email: 'old@example.com',
        passwordHash: 'scrypt$h',
      })
      .then([oldAdministrator]);
  });
});

describe('ChangeAdminRole', () => {
  const change = { type: 'ChangeAdminRole', byAdminId: 'a-1', activeAdministrators: 2 } as const;

  it('given an account registered before roles, demotes it from administrator (the upcast) to editor', () => {
    user
      .given([oldAdministrator])
      .when({ ...change, role: 'editor' })
      .then([
        {
          type: 'AdminRoleChanged',
          data: { adminId: 'a-2', role: 'editor', previousRole: 'administrator', changedBy: 'a-1' },
        },
      ]);
  });

  it('given an editor, makes them an administrator', () => {
    user
      .given([editor])
      .when({ ...change, role: 'administrator', activeAdministrators: 1 })
      .then([
        {
          type: 'AdminRoleChanged',
          data: { adminId: 'a-3', role: 'administrator', previousRole: 'editor', changedBy: 'a-1' },
        },
      ]);
  });

  it('given the role is already the one asked for, nothing happens', () => {
    user
      .given([editor])
      .when({ ...change, role: 'editor' })
      .thenNothingHappened();
  });

  it('given a role changed back, the latest change is the role', () => {
    const demoted: AdminUserEvent = {
      type: 'AdminRoleChanged',
      data: { adminId: 'a-2', role: 'editor', previousRole: 'administrator', changedBy: 'a-1' },
    };
    user
      .given([oldAdministrator, demoted])
      .when({ ...change, role: 'editor' })
      .thenNothingHappened();
  });

  it.each([
    [
      'their own role',
      [oldAdministrator],
      { ...change, role: 'editor', byAdminId: 'a-2' },
      'cannot_change_own_role',
    ],
    [
      'the last active administrator to editor',
      [oldAdministrator],
      { ...change, role: 'editor', activeAdministrators: 1 },
      'last_active_admin_role',
    ],
    [
      'a deactivated account',
      [editor, deactivatedEditor],
      { ...change, role: 'administrator' },
      'admin_deactivated',
    ],
    ['an unknown account', [], { ...change, role: 'editor' }, 'admin_not_found'],
  ] as const)('refuses to change %s, saying why', (_what, given, command, code) => {
    user
      .given([...given])
      .when(command)
      .thenThrows(DecisionError, { code, message: ADMIN_ERROR_MESSAGES[code] });
  });
});

describe('DeactivateAdmin counts administrators, not accounts', () => {
  it('given the last active administrator (editors remain), refuses', () => {
    user
      .given([oldAdministrator])
      .when({ type: 'DeactivateAdmin', byAdminId: 'a-1', activeAdministrators: 1 })
      .thenThrows(DecisionError, {
        code: 'last_active_admin',
        message: ADMIN_ERROR_MESSAGES.last_active_admin,
      });
  });

  it('given an editor while one administrator is active, deactivates the editor', () => {
    user
      .given([editor])
      .when({ type: 'DeactivateAdmin', byAdminId: 'a-1', activeAdministrators: 1 })
      .then([deactivatedEditor]);
  });
});

describe('ReplaceAdminInvitation', () => {
  const first: AdminInvitationEvent = {
    type: 'AdminInvited',
    data: {
      invitationId: 'i-1',
      email: 'new@example.com',
      tokenHash: 'hash-1',
      expiresAt: '2026-03-17T10:00:00.000Z',
      invitedBy: 'a-1',
      role: 'administrator',
    },
  };
  const replaced: AdminInvitationEvent = {
    type: 'AdminInvitationReplaced',
    data: { invitationId: 'i-1', replacedBy: 'i-2' },
  };
  const replace = { type: 'ReplaceAdminInvitation', replacedBy: 'i-2' } as const;

  it('given a pending invitation, replaces it with the newer one', () => {
    invitation.given([first]).when(replace).then([replaced]);
  });

  it('given it was replaced, its link cannot be accepted', () => {
    invitation
      .given([first, replaced])
      .when({
        type: 'AcceptAdminInvitation',
        email: 'new@example.com',
        adminId: 'a-9',
        role: 'administrator',
      })
      .thenThrows(DecisionError, {
        code: 'invitation_replaced',
        message:
          'This invitation was replaced by a newer one. Use the link in the latest invitation.',
      });
  });

  it.each([
    ['used', { type: 'AdminInvitationAccepted', data: { invitationId: 'i-1', adminId: 'a-9' } }],
    [
      'cancelled',
      { type: 'AdminInvitationCancelled', data: { invitationId: 'i-1', cancelledBy: 'a-1' } },
    ],
    ['replaced already', replaced],
  ] as const)('given an invitation %s, nothing happens', (_what, last) => {
    invitation.given([first, last]).when(replace).thenNothingHappened();
  });

  it('given an invitation from before roles (no role), it is accepted as an administrator only', () => {
    const { role: _role, ...old } = first.data;
    const accept = {
      type: 'AcceptAdminInvitation',
      email: 'new@example.com',
      adminId: 'a-9',
    } as const;
    invitation
      .given([{ type: 'AdminInvited', data: old }])
      .when({ ...accept, role: 'administrator' })
      .then([{ type: 'AdminInvitationAccepted', data: { invitationId: 'i-1', adminId: 'a-9' } }]);
    invitation
      .given([{ type: 'AdminInvited', data: old }])
      .when({ ...accept, role: 'editor' })
      .thenThrows(DecisionError, { code: 'invitation_invalid' });
  });
});
