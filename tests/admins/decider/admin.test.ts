/**
 * Administrator accounts and the one-time setup as Given(events) / When(command) / Then.
 */
import { describe, it } from 'vitest';
import {
  adminSetupDecider,
  adminUserDecider,
  type AdminSetupCommand,
} from '../../../domain/admins/decider';
import type { AdminSetupEvent, AdminUserEvent } from '../../../domain/admins/events';
import { DecisionError } from '../../../domain/shared/decider';
import { DeciderSpecification } from '../../support/decider-specification';

const NOW = new Date('2025-03-14T10:00:00.000Z');

const user = DeciderSpecification.for(adminUserDecider, { now: NOW });
const setupAt = (at: Date) => DeciderSpecification.for(adminSetupDecider, { now: at });
const setup = setupAt(NOW);

const registered: AdminUserEvent = {
  type: 'AdminRegistered',
  data: { adminId: 'a-1', email: 'ops@example.com', passwordHash: 'scrypt$old' },
};
const deactivated: AdminUserEvent = { type: 'AdminDeactivated', data: { adminId: 'a-1' } };

describe('RegisterAdmin', () => {
  it('given no account, registers it with the e-mail lowercased', () => {
    user
      .given([])
      .when({
        type: 'RegisterAdmin',
        adminId: 'a-1',
        email: ' Ops@Example.com ',
        passwordHash: 'scrypt$h',
      })
      .then([
        {
          type: 'AdminRegistered',
          data: { adminId: 'a-1', email: 'ops@example.com', passwordHash: 'scrypt$h' },
        },
      ]);
  });

  it('given the e-mail is registered, it is rejected', () => {
    user
      .given([registered])
      .when({ type: 'RegisterAdmin', adminId: 'a-2', email: 'ops@example.com', passwordHash: 'x' })
      .thenThrows(DecisionError, {
        code: 'admin_already_registered',
        message: 'An administrator with this email already exists',
      });
  });
});

describe('ChangeAdminPassword', () => {
  it('records the new hash', () => {
    user
      .given([registered])
      .when({ type: 'ChangeAdminPassword', passwordHash: 'scrypt$new' })
      .then([
        { type: 'AdminPasswordChanged', data: { adminId: 'a-1', passwordHash: 'scrypt$new' } },
      ]);
  });

  it('the same hash is no change', () => {
    user
      .given([registered])
      .when({ type: 'ChangeAdminPassword', passwordHash: 'scrypt$old' })
      .thenNothingHappened();
  });

  it.each([
    ['no account', [], 'Administrator not found'],
    [
      'a deactivated account',
      [registered, deactivated],
      'This administrator account is deactivated',
    ],
  ] as [string, AdminUserEvent[], string][])(
    'given %s, it is rejected',
    (_case, history, message) => {
      user
        .given(history)
        .when({ type: 'ChangeAdminPassword', passwordHash: 'h' })
        .thenThrows({ message });
    },
  );
});

describe('DeactivateAdmin', () => {
  it('deactivates an active account', () => {
    user.given([registered]).when({ type: 'DeactivateAdmin' }).then([deactivated]);
  });

  it('deactivating twice adds nothing', () => {
    user.given([registered, deactivated]).when({ type: 'DeactivateAdmin' }).thenNothingHappened();
  });

  it('given no account, fails', () => {
    user
      .given([])
      .when({ type: 'DeactivateAdmin' })
      .thenThrows({ message: 'Administrator not found' });
  });
});

describe('admin setup', () => {
  const expiresAt = '2025-03-15T10:00:00.000Z';
  const issued: AdminSetupEvent = {
    type: 'AdminSetupTokenIssued',
    data: { tokenHash: 'hash-1', expiresAt },
  };
  const completed: AdminSetupEvent = { type: 'AdminSetupCompleted', data: { adminId: 'a-1' } };
  const complete = (tokenHash: string): AdminSetupCommand => ({
    type: 'CompleteAdminSetup',
    tokenHash,
    adminId: 'a-1',
  });

  it('issues a token', () => {
    setup
      .given([])
      .when({ type: 'IssueAdminSetupToken', tokenHash: 'hash-1', expiresAt })
      .then([issued]);
  });

  it('a new token replaces an earlier one that was not used', () => {
    const history: AdminSetupEvent[] = [
      issued,
      { type: 'AdminSetupTokenIssued', data: { tokenHash: 'hash-2', expiresAt } },
    ];
    setup
      .given(history)
      .when(complete('hash-1'))
      .thenThrows({ message: 'This setup link is not valid' });
    setup.given(history).when(complete('hash-2')).then([completed]);
  });

  it('completes with the right token before it expires', () => {
    setup.given([issued]).when(complete('hash-1')).then([completed]);
  });

  it.each([
    [
      'no token was issued',
      [],
      complete('hash-1'),
      NOW,
      'setup_token_invalid',
      'This setup link is not valid',
    ],
    [
      'the token is wrong',
      [issued],
      complete('hash-x'),
      NOW,
      'setup_token_invalid',
      'This setup link is not valid',
    ],
    [
      'the token expired',
      [issued],
      complete('hash-1'),
      new Date(expiresAt),
      'setup_token_expired',
      'This setup link has expired',
    ],
    [
      'setup was completed',
      [issued, completed],
      complete('hash-1'),
      NOW,
      'setup_completed',
      'Administrator setup has already been completed',
    ],
    [
      'setup was completed (issuing again)',
      [issued, completed],
      { type: 'IssueAdminSetupToken', tokenHash: 'h', expiresAt } as AdminSetupCommand,
      NOW,
      'setup_completed',
      'Administrator setup has already been completed',
    ],
  ] as [string, AdminSetupEvent[], AdminSetupCommand, Date, string, string][])(
    'given %s, it is rejected',
    (_case, history, command, at, code, message) => {
      setupAt(at).given(history).when(command).thenThrows(DecisionError, { code, message });
    },
  );
});
