/**
 * `npm run admin:create` as an operator runs it: flags and standard input in, a clear line
 * out, the administrator in the event log; bad input answered with exit code 2 and nothing
 * written.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SqliteEventStore } from '../../../commands/event-store/sqlite';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vial-cli-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function createAdmin(args: string[], stdin = '', env: Record<string, string> = {}) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    const child = execFile(
      process.execPath,
      ['--import', 'tsx', 'api/cli/create-admin.ts', ...args],
      {
        env: { ...process.env, PROFILE: 'embedded', DATA_DIR: dataDir, ...env },
        timeout: 30_000,
      },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
    child.stdin?.end(stdin);
  });
}

async function adminEvents(): Promise<string[]> {
  const store = new SqliteEventStore(path.join(dataDir, 'events.sqlite'));
  try {
    return (await store.readAll()).map((e) => e.type);
  } finally {
    await store.close();
  }
}

describe('npm run admin:create', () => {
  it.each([
    [
      ['--email', 'ops@example.com', '--password-stdin'],
      'short\n',
      'Password must be at least 12 characters long.',
    ],
    [['--password-stdin'], 'long enough password\n', '--email is required'],
    [['--email', 'ops@example.com', '--bogus'], '', 'Unknown option --bogus'],
    [
      ['--email', 'ops@example.com'],
      '',
      'No password: pipe it with --password-stdin, or run in a terminal',
    ],
    [
      ['--email', 'not-an-email', '--password-stdin'],
      'long enough password\n',
      'Please enter a valid email address.',
    ],
  ])('refuses %j with exit code 2 and a message, writing nothing', async (args, stdin, message) => {
    const { code, stderr } = await createAdmin(args, stdin);
    expect(stderr).toContain(message);
    expect(code).toBe(2);
    expect(await adminEvents()).toEqual([]);
  });

  it('refuses a bad environment variable by name', async () => {
    const { code, stderr } = await createAdmin(
      ['--email', 'ops@example.com', '--password-stdin'],
      'long enough password\n',
      { PROFILE: 'cloud' },
    );
    expect(code).toBe(2);
    expect(stderr).toContain('PROFILE must be embedded or distributed');
  });

  it('creates the administrator, then refuses the same e-mail twice', async () => {
    const first = await createAdmin(
      ['--email', ' Ops@Example.com ', '--password-stdin'],
      '  a long enough password  \n',
    );
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('Administrator ops@example.com created');
    expect(first.stdout).toContain('/admin/login');
    expect(await adminEvents()).toEqual(['AdminRegistered']);

    const again = await createAdmin(
      ['--email', 'ops@example.com', '--password-stdin'],
      'another long password\n',
    );
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('An administrator with this email already exists');
    expect(await adminEvents()).toEqual(['AdminRegistered']);
  });
});
