/**
 * `npm run projections:rebuild` with a server running signals it (SIGUSR2), and the server
 * rebuilds through the back office's guard: the rebuild is recorded in the log, started by the
 * system for the command line, and logs 'read models rebuilt' when swapped. `admin:create`
 * prints the running server's address, which the server recorded in DATA_DIR/server.pid.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStore } from '../../../commands/event-store';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vial-rebuild-signal-'));
let server: ChildProcess | null = null;
afterAll(() => {
  server?.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

describe('the command line with a server running', () => {
  let env: NodeJS.ProcessEnv = {};
  let port = 0;
  let output = '';
  const waitFor = (text: string, ms = 60_000) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no "${text}" in:\n${output}`)), ms);
      const check = () => {
        if (!output.includes(text)) return;
        clearTimeout(timer);
        server!.stdout!.off('data', check);
        resolve();
      };
      server!.stdout!.on('data', check);
      check();
    });
  const runCli = (script: string, args: string[], cliEnv: NodeJS.ProcessEnv, stdin = '') =>
    new Promise<string>((resolve, reject) => {
      const child = execFile(
        process.execPath,
        ['--import', 'tsx', script, ...args],
        { env: cliEnv, timeout: 30_000 },
        (error, stdout, stderr) =>
          error ? reject(new Error(stderr || String(error))) : resolve(stdout),
      );
      child.stdin?.end(stdin);
    });

  beforeAll(async () => {
    port = await freePort();
    env = {
      ...process.env,
      PROFILE: 'embedded',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
    };
    server = spawn(process.execPath, ['--import', 'tsx', 'api/main.ts'], { env });
    server.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await waitFor('is running at');
  }, 90_000);

  it('rebuild: is the recorded rebuild of the back office, started by the command line', async () => {
    const cli = await runCli('api/cli/rebuild-projections.ts', [], env);
    expect(cli).toMatch(/Asked the running server \(pid \d+\) to rebuild its read models/);
    await waitFor('read models rebuilt');

    const log = await openEventStore({ kind: 'sqlite', path: path.join(dataDir, 'events.sqlite') });
    try {
      const events = await log.readAll({ after: 0n, limit: 100_000 });
      const started = events.filter((e) => e.type === 'ReadModelsRebuildStarted');
      expect(started).toHaveLength(1);
      expect(started[0]?.metadata.actor).toMatchObject({
        kind: 'system',
        id: 'projections:rebuild',
      });
      expect(events.filter((e) => e.type === 'ReadModelsRebuilt')).toHaveLength(1);
    } finally {
      await log.close();
    }
  }, 120_000);

  it("admin:create run without the server's PORT prints the server's sign-in link", async () => {
    // As a newcomer runs it in a second terminal: the data directory, not the port.
    const { PORT: _port, PUBLIC_URL: _url, ...withoutPort } = env;
    const cli = await runCli(
      'api/cli/create-admin.ts',
      ['--email', 'second-terminal@example.org', '--password-stdin'],
      withoutPort,
      'Correct-Horse-Battery-9\n',
    );
    expect(cli).toContain(`Sign in at http://localhost:${port}/admin/login`);
    expect(port).not.toBe(3000);
  }, 60_000);
});

describe('the command-line rebuild with a stale pid file', () => {
  // A server killed with -9 leaves its pid file; the number may since belong to anything.
  it.runIf(existsSync('/proc/self/cmdline'))(
    'leaves the process the file names alone, removes the file and replays the log itself',
    async () => {
      const staleDir = mkdtempSync(path.join(os.tmpdir(), 'vial-rebuild-stale-'));
      const bystander = spawn('sleep', ['60']);
      try {
        writeFileSync(path.join(staleDir, 'server.pid'), String(bystander.pid));
        const env = { ...process.env, PROFILE: 'embedded', DATA_DIR: staleDir, SEED_DEMO: 'false' };
        const cli = await new Promise<string>((resolve, reject) =>
          execFile(
            process.execPath,
            ['--import', 'tsx', 'api/cli/rebuild-projections.ts'],
            { env, timeout: 30_000 },
            (error, stdout) => (error ? reject(error) : resolve(stdout)),
          ),
        );
        expect(cli).toContain(
          `names process ${bystander.pid}, which is not this site's server (left by a server that did not stop cleanly): removed.`,
        );
        expect(cli).not.toContain('Asked the running server');
        expect(bystander.exitCode).toBeNull();
        expect(bystander.signalCode).toBeNull();
        expect(existsSync(path.join(staleDir, 'server.pid'))).toBe(false);
      } finally {
        bystander.kill('SIGKILL');
        rmSync(staleDir, { recursive: true, force: true });
      }
    },
    60_000,
  );
});
