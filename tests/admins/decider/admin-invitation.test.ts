/**
 * Administrators inviting and deactivating one another, as Given(events) / When(command) /
 * Then: an invitation is used once, before it expires, by the e-mail it names; nobody
 * deactivates themselves, and the last active administrator stays.
 */
import { describe, it } from 'vitest';
import { adminInvitationDecider, adminUserDecider } from '../../../domain/admins/decider';
import type { AdminInvitationEvent, AdminUserEvent } from '../../../domain/admins/events';
import { DecisionError } from '../../../domain/shared/decider';
import { DeciderSpecification } from '../../support/decider-specification';

const NOW = new Date('2026-03-14T10:00:00.000Z');
const LATER = new Date('2026-03-20T10:00:00.000Z');

const invitation = DeciderSpecification.for(adminInvitationDecider, { now: NOW });
const invitationLater = DeciderSpecification.for(adminInvitationDecider, { now: LATER });
const user = DeciderSpecification.for(adminUserDecider, { now: NOW });

const invited: AdminInvitationEvent = {
  type: 'AdminInvited',
  data: {
    invitationId: 'i-1',
    email: 'new@example.com',
    tokenHash: 'hash-1',
    expiresAt: '2026-03-17T10:00:00.000Z',
    invitedBy: 'a-1',
    role: 'editor',
  },
};
const accepted: AdminInvitationEvent = {
  type: 'AdminInvitationAccepted',
  data: { invitationId: 'i-1', adminId: 'a-2' },
};
const accept = {
  type: 'AcceptAdminInvitation',
  email: 'new@example.com',
  adminId: 'a-2',
  role: 'editor',
} as const;

describe('InviteAdmin', () => {
  it('given nothing, records the invitation with the e-mail lowercased and only the token hash', () => {
    invitation
      .given([])
      .when({
        type: 'InviteAdmin',
        invitationId: 'i-1',
        email: 'New@Example.com',
        tokenHash: 'hash-1',
        expiresAt: '2026-03-17T10:00:00.000Z',
        invitedBy: 'a-1',
        role: 'editor',
      })
      .then([invited]);
  });

  it('given the same invitation, refuses a second one on its stream', () => {
    invitation
      .given([invited])
      .when({ ...invited.data, role: 'editor', type: 'InviteAdmin' })
      .thenThrows(DecisionError, { code: 'invitation_exists' });
  });
});

describe('AcceptAdminInvitation', () => {
  it('given a pending invitation, accepts it for the new administrator', () => {
    invitation.given([invited]).when(accept).then([accepted]);
  });

  it('given it was used, refuses a second use (single use)', () => {
    invitation.given([invited, accepted]).when(accept).thenThrows(DecisionError, {
      code: 'invitation_used',
      message: 'This invitation link has already been used.',
    });
  });

  it('given it expired, refuses it', () => {
    invitationLater
      .given([invited])
      .when(accept)
      .thenThrows(DecisionError, { code: 'invitation_expired' });
  });

  it('given no invitation (an unknown token), refuses it as not valid', () => {
    invitation.given([]).when(accept).thenThrows(DecisionError, { code: 'invitation_invalid' });
  });

  it('given an invitation for another role than the page was shown, refuses it as not valid', () => {
    invitation
      .given([invited])
      .when({ ...accept, role: 'administrator' })
      .thenThrows(DecisionError, { code: 'invitation_invalid' });
  });

  it('given an invitation for another e-mail, refuses it as not valid', () => {
    invitation
      .given([invited])
      .when({ ...accept, email: 'someone@example.com' })
      .thenThrows(DecisionError, { code: 'invitation_invalid' });
  });
});

describe('CancelAdminInvitation', () => {
  const cancel = { type: 'CancelAdminInvitation', cancelledBy: 'a-1' } as const;
  const cancelled: AdminInvitationEvent = {
    type: 'AdminInvitationCancelled',
    data: { invitationId: 'i-1', cancelledBy: 'a-1' },
  };

  it('given a pending invitation, withdraws it', () => {
    invitation.given([invited]).when(cancel).then([cancelled]);
  });

  it('given an expired, unused invitation, withdraws it too (the list shows it until then)', () => {
    invitationLater.given([invited]).when(cancel).then([cancelled]);
  });

  it.each([
    ['used', [invited, accepted], 'invitation_not_pending'],
    ['already cancelled', [invited, cancelled], 'invitation_not_pending'],
    ['unknown', [], 'invitation_invalid'],
  ] as const)('given an invitation %s, refuses', (_what, given, code) => {
    invitation
      .given([...given])
      .when(cancel)
      .thenThrows(DecisionError, { code });
  });

  it('given it was cancelled, its link cannot be accepted', () => {
    invitation.given([invited, cancelled]).when(accept).thenThrows(DecisionError, {
      code: 'invitation_cancelled',
      message: 'This invitation was cancelled. Ask an administrator for a new one.',
    });
  });
});

describe('DeactivateAdmin from the back office', () => {
  const registered: AdminUserEvent = {
    type: 'AdminRegistered',
    data: { adminId: 'a-2', email: 'new@example.com', passwordHash: 'scrypt$h' },
  };
  const deactivated: AdminUserEvent = { type: 'AdminDeactivated', data: { adminId: 'a-2' } };

  it('given another active administrator, deactivates them', () => {
    user
      .given([registered])
      .when({ type: 'DeactivateAdmin', byAdminId: 'a-1', activeAdministrators: 2 })
      .then([deactivated]);
  });

  it('never yourself', () => {
    user
      .given([registered])
      .when({ type: 'DeactivateAdmin', byAdminId: 'a-2', activeAdministrators: 2 })
      .thenThrows(DecisionError, {
        code: 'cannot_deactivate_self',
        message: 'You cannot deactivate your own account. Ask another administrator to do it.',
      });
  });

  it('never the last active one', () => {
    user
      .given([registered])
      .when({ type: 'DeactivateAdmin', byAdminId: 'a-1', activeAdministrators: 1 })
      .thenThrows(DecisionError, {
        code: 'last_active_admin',
        message:
          'The last active administrator cannot be deactivated: invite another administrator first.',
      });
  });

  it('given they are already deactivated, nothing happens (even as the last)', () => {
    user
      .given([registered, deactivated])
      .when({ type: 'DeactivateAdmin', byAdminId: 'a-1', activeAdministrators: 1 })
      .thenNothingHappened();
  });
});

describe('RecordAdminSignIn', () => {
  const registered: AdminUserEvent = {
    type: 'AdminRegistered',
    data: { adminId: 'a-1', email: 'ops@example.com', passwordHash: 'scrypt$h' },
  };

  it('records a sign-in of an active administrator', () => {
    user
      .given([registered])
      .when({ type: 'RecordAdminSignIn' })
      .then([{ type: 'AdminSignedIn', data: { adminId: 'a-1' } }]);
  });

  it('refuses one of a deactivated administrator', () => {
    user
      .given([registered, { type: 'AdminDeactivated', data: { adminId: 'a-1' } }])
      .when({ type: 'RecordAdminSignIn' })
      .thenThrows(DecisionError, { code: 'admin_deactivated' });
  });
});
