/**
 * Administrator accounts and the one-time setup as Given(events) / When(command) / Then.
 */
import { describe, expect, it } from 'vitest';
import {
  AdminDecisionError,
  decideAdminSetup,
  decideAdminUser,
  foldAdminSetup,
  foldAdminUser,
  type AdminSetupCommand,
  type AdminUserCommand,
} from '../../../domain/admin/decider';
import type { AdminSetupEvent, AdminUserEvent } from '../../../domain/admin/events';

const NOW = new Date('2025-03-14T10:00:00.000Z');

const userGiven = (events: AdminUserEvent[]) => ({
  when: (command: AdminUserCommand) => decideAdminUser(command, foldAdminUser(events)),
});
const setupGiven = (events: AdminSetupEvent[]) => ({
  when: (command: AdminSetupCommand, at: Date = NOW) =>
    decideAdminSetup(command, foldAdminSetup(events), at),
});

const registered: AdminUserEvent = {
  type: 'AdminRegistered',
  data: { adminId: 'a-1', email: 'ops@example.com', passwordHash: 'scrypt$old' },
};
const deactivated: AdminUserEvent = { type: 'AdminDeactivated', data: { adminId: 'a-1' } };

describe('RegisterAdmin', () => {
  it('given no account, registers it with the e-mail lowercased', () => {
    expect(
      userGiven([]).when({
        type: 'RegisterAdmin',
        adminId: 'a-1',
        email: ' Ops@Example.com ',
        passwordHash: 'scrypt$h',
      }),
    ).toEqual([
      {
        type: 'AdminRegistered',
        data: { adminId: 'a-1', email: 'ops@example.com', passwordHash: 'scrypt$h' },
      },
    ]);
  });

  it('given the e-mail is registered, it is rejected', () => {
    const attempt = () =>
      userGiven([registered]).when({
        type: 'RegisterAdmin',
        adminId: 'a-2',
        email: 'ops@example.com',
        passwordHash: 'x',
      });
    expect(attempt).toThrow(AdminDecisionError);
    expect(attempt).toThrow('An administrator with this email already exists');
  });
});

describe('ChangeAdminPassword', () => {
  it('records the new hash', () => {
    expect(
      userGiven([registered]).when({ type: 'ChangeAdminPassword', passwordHash: 'scrypt$new' }),
    ).toEqual([
      { type: 'AdminPasswordChanged', data: { adminId: 'a-1', passwordHash: 'scrypt$new' } },
    ]);
  });

  it('the same hash is no change', () => {
    expect(
      userGiven([registered]).when({ type: 'ChangeAdminPassword', passwordHash: 'scrypt$old' }),
    ).toEqual([]);
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
      expect(() =>
        userGiven(history).when({ type: 'ChangeAdminPassword', passwordHash: 'h' }),
      ).toThrow(message);
    },
  );
});

describe('DeactivateAdmin', () => {
  it('deactivates an active account', () => {
    expect(userGiven([registered]).when({ type: 'DeactivateAdmin' })).toEqual([deactivated]);
  });

  it('deactivating twice adds nothing', () => {
    expect(userGiven([registered, deactivated]).when({ type: 'DeactivateAdmin' })).toEqual([]);
  });

  it('given no account, fails', () => {
    expect(() => userGiven([]).when({ type: 'DeactivateAdmin' })).toThrow(
      'Administrator not found',
    );
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
    expect(
      setupGiven([]).when({ type: 'IssueAdminSetupToken', tokenHash: 'hash-1', expiresAt }),
    ).toEqual([issued]);
  });

  it('a new token replaces an earlier one that was not used', () => {
    const history: AdminSetupEvent[] = [
      issued,
      { type: 'AdminSetupTokenIssued', data: { tokenHash: 'hash-2', expiresAt } },
    ];
    expect(() => setupGiven(history).when(complete('hash-1'))).toThrow(
      'This setup link is not valid',
    );
    expect(setupGiven(history).when(complete('hash-2'))).toEqual([completed]);
  });

  it('completes with the right token before it expires', () => {
    expect(setupGiven([issued]).when(complete('hash-1'))).toEqual([completed]);
  });

  it.each([
    ['no token was issued', [], complete('hash-1'), NOW, 'This setup link is not valid'],
    ['the token is wrong', [issued], complete('hash-x'), NOW, 'This setup link is not valid'],
    [
      'the token expired',
      [issued],
      complete('hash-1'),
      new Date(expiresAt),
      'This setup link has expired',
    ],
    [
      'setup was completed',
      [issued, completed],
      complete('hash-1'),
      NOW,
      'Administrator setup has already been completed',
    ],
    [
      'setup was completed (issuing again)',
      [issued, completed],
      { type: 'IssueAdminSetupToken', tokenHash: 'h', expiresAt } as AdminSetupCommand,
      NOW,
      'Administrator setup has already been completed',
    ],
  ] as [string, AdminSetupEvent[], AdminSetupCommand, Date, string][])(
    'given %s, it is rejected',
    (_case, history, command, at, message) => {
      const attempt = () => setupGiven(history).when(command, at);
      expect(attempt).toThrow(AdminDecisionError);
      expect(attempt).toThrow(message);
    },
  );
});
