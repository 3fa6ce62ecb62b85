/**
 * A crash in the middle of an issue of 2,000 recipients: the sending process (a child: the
 * embedded backend on a DATA_DIR, SMTP_URL to this test's sink) is killed with SIGKILL, then
 * started again on the same DATA_DIR; it resumes. The sink counts a message when it answers
 * 250 (the moment SMTP hands the message over, RFC 5321 4.1.1.4).
 *
 * - Killed while message 700 is being transferred (before the sink answers it): every
 *   recipient receives the issue exactly once.
 * - Killed at a random moment, four connections at once: nobody is skipped; the duplicates
 *   are reported. The design's one window is between the server's 250 and the delivery
 *   written right after it, so there can be at most one per connection open at the kill.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openBackend } from '../../../workers/bootstrap/composition';
import { loadConfig } from '../../../workers/bootstrap/config';
import { createLogger } from '../../../workers/bootstrap/logger';
import {
  FOOTER,
  header,
  prepareIssue,
  readable,
  readerAddress,
  startSink,
  type Sink,
} from '../../support/newsletter-sending';

const RECIPIENTS = 2_000;
const SECRET = 'crash test unsubscribe secret, forty chars!!';
const PUBLIC_URL = 'https://vial.example';
const CHILD = path.resolve(__dirname, '../../support/newsletter-sending-child.ts');

let dataDir = '';
let sink: Sink | null = null;
const children: ChildProcess[] = [];

afterEach(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  children.length = 0;
  await sink?.close();
  sink = null;
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function prepare(): Promise<string> {
  dataDir = mkdtempSync(path.join(tmpdir(), 'vial-crash-'));
  const config = loadConfig({
    PROFILE: 'embedded',
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'error',
    NODE_ENV: 'test',
    PUBLIC_URL,
    UNSUBSCRIBE_SECRET: SECRET,
  });
  const backend = await openBackend(config, createLogger({ level: 'error' }));
  try {
    const { issueId } = await prepareIssue(backend, { subscribers: RECIPIENTS, concurrency: 16 });
    return issueId;
  } finally {
    await backend.close();
  }
}

/** Runs the sending process; resolves with its exit (code, or the signal that ended it). */
function runChild(env: Record<string, string>): { child: ChildProcess; exit: Promise<string> } {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exit = new Promise<string>((resolve) =>
    child.on('exit', (code, signal) =>
      resolve(signal ?? (code === 0 ? 'ok' : `exit ${code}: ${stderr.slice(-2000)}`)),
    ),
  );
  return { child, exit };
}

function childEnv(issueId: string, sinkUrl: string, connections: number) {
  return {
    DATA_DIR: dataDir,
    SMTP_URL: sinkUrl,
    PUBLIC_URL,
    ISSUE_ID: issueId,
    UNSUBSCRIBE_SECRET: SECRET,
    CONNECTIONS: String(connections),
  };
}

/** How many times each recipient was accepted. */
function tally(accepted: Sink['accepted']): Map<string, number> {
  const times = new Map<string, number>();
  for (const message of accepted) times.set(message.to, (times.get(message.to) ?? 0) + 1);
  return times;
}

function expectEveryMessageComplete(accepted: Sink['accepted']): void {
  for (const message of accepted) {
    const raw = readable(message.raw);
    expect(raw).toMatch(/Content-Type: text\/plain/i);
    expect(raw).toMatch(/Content-Type: text\/html/i);
    expect(header(message.raw, 'List-Unsubscribe')).toMatch(
      /^<https:\/\/vial\.example\/unsubscribe\//,
    );
    expect(header(message.raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(raw.split(FOOTER).length - 1).toBe(2);
  }
}

const everyone = Array.from({ length: RECIPIENTS }, (_, i) => readerAddress(i)).sort();

describe('a crash in the middle of an issue of 2,000 recipients', () => {
  it('killed while message 700 is transferred: after the restart everyone has it exactly once', async () => {
    const issueId = await prepare();
    let first: ChildProcess | null = null;
    let killedAt = 0;
    sink = await startSink({
      onDataStart(count) {
        if (count === 700 && first && killedAt === 0) {
          killedAt = sink?.accepted.length ?? -1;
          first.kill('SIGKILL'); // before the sink answers this message
        }
      },
    });
    const run = runChild({ ...childEnv(issueId, sink.url, 1), START: '1' });
    first = run.child;
    expect(await run.exit).toBe('SIGKILL');
    expect(killedAt).toBe(699);
    expect(sink.accepted).toHaveLength(699);

    const again = runChild(childEnv(issueId, sink.url, 1));
    expect(await again.exit).toBe('ok');
    const times = tally(sink.accepted);
    expect([...times.keys()].sort()).toEqual(everyone);
    expect([...times.values()].filter((n) => n > 1)).toEqual([]);
    expect(sink.accepted).toHaveLength(RECIPIENTS);
    expectEveryMessageComplete(sink.accepted);
  }, 180_000);

  it('killed at a random moment with four connections: nobody skipped, duplicates reported', async () => {
    const issueId = await prepare();
    let first: ChildProcess | null = null;
    const killAfterMs = 100 + Math.floor(Math.random() * 1500);
    sink = await startSink({
      onDataStart(count) {
        if (count === 1) setTimeout(() => first?.kill('SIGKILL'), killAfterMs);
      },
    });
    const run = runChild({ ...childEnv(issueId, sink.url, 4), START: '1' });
    first = run.child;
    const firstExit = await run.exit;
    const beforeRestart = sink.accepted.length;

    const again = runChild(childEnv(issueId, sink.url, 4));
    expect(await again.exit).toBe('ok');
    const times = tally(sink.accepted);
    const duplicates = [...times.values()].reduce((sum, n) => sum + n - 1, 0);
    console.log(
      `random kill after ${killAfterMs} ms (${firstExit}): ${beforeRestart} accepted before the ` +
        `restart, ${sink.accepted.length} in all, duplicates: ${duplicates}`,
    );
    expect([...times.keys()].sort()).toEqual(everyone);
    // The window (250 answered, delivery not yet written) holds at most one per connection.
    expect(duplicates).toBeLessThanOrEqual(4);
    expectEveryMessageComplete(sink.accepted);
  }, 180_000);
});
