/**
 * A second server started on a port already in use (issue 9, item 7): it must say so, exit
 * non-zero and leave the running instance's server.pid alone. Express 5 calls app.listen's
 * callback on 'error' too, which made this look like a successful start.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vial-port-'));
let taken: Server;
let port: number;

beforeAll(async () => {
  taken = createServer();
  await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
  port = (taken.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => taken.close(() => resolve()));
  rmSync(dataDir, { recursive: true, force: true });
});

function startServer(env: Record<string, string>) {
  return new Promise<{ code: number; output: string }>((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'api/main.ts'],
      { env: { ...process.env, ...env }, timeout: 30_000 },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, output: stdout + stderr }),
    );
  });
}

describe('a second instance on a taken port', () => {
  it("exits non-zero with 'Port N is already in use' and leaves server.pid alone", async () => {
    const pid = path.join(dataDir, 'server.pid');
    writeFileSync(pid, '4242');
    const { code, output } = await startServer({
      PROFILE: 'embedded',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
    });
    expect(code).not.toBe(0);
    const lines = output.trim().split('\n');
    // Every line is JSON, and one names the port.
    const entries = lines.map((line) => JSON.parse(line) as { msg: string; level: string });
    expect(entries).toContainEqual(
      expect.objectContaining({ level: 'error', msg: `Port ${port} is already in use` }),
    );
    expect(entries.map((e) => e.msg)).not.toContainEqual(expect.stringMatching(/running/));
    expect(readFileSync(pid, 'utf8')).toBe('4242');
  });
});
