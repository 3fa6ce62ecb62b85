/**
 * The embedded server this data directory belongs to, as the server recorded it at start in
 * DATA_DIR/server.pid: its process id on the first line, the address visitors use on the
 * second (api/main.ts). The command-line tools read it to signal the server (the rebuild) or
 * to print where to sign in (admin:create), whatever PORT the tool itself was started with.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { pidFile } from './project-root';

/** The site server's entry, as `npm start`, the Dockerfile and `npm run dev` run it. */
const SERVER_ENTRY = /(^|[/\\])api[/\\]main\.(js|ts)$/m;

export interface RunningServer {
  pid: number;
  /** Its PUBLIC_URL (or the default made from its PORT); null in a file written by an older version. */
  publicUrl: string | null;
}

/** Called by the server once it serves pages. */
export function recordRunningServer(dataDir: string, server: RunningServer): void {
  writeFileSync(pidFile(dataDir), `${server.pid}\n${server.publicUrl ?? ''}\n`);
}

/**
 * Whether process `pid` is this site's server, where the system says (Linux's /proc): a pid
 * file left by a server that did not stop cleanly (kill -9, a crash, a power cut) may name a
 * process started since under the same number, which SIGUSR2 would terminate (its default).
 * Elsewhere (no /proc) the pid file is trusted, as before.
 */
function isSiteServer(pid: number): boolean {
  let commandLine: string;
  try {
    commandLine = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return !existsSync('/proc/self/cmdline');
  }
  return SERVER_ENTRY.test(commandLine.replaceAll('\0', '\n'));
}

/** A line that is an http(s) address, or null. */
function addressOf(line: string | undefined): string | null {
  if (!line) return null;
  try {
    const url = new URL(line.trim());
    return url.protocol === 'http:' || url.protocol === 'https:'
      ? url.href.replace(/\/$/, '')
      : null;
  } catch {
    return null;
  }
}

/**
 * The server running on `dataDir`, or null. A file naming a process that is not this site's
 * server is removed, with a line saying so.
 */
export function runningServer(dataDir: string): RunningServer | null {
  const file = pidFile(dataDir);
  let lines: string[];
  try {
    lines = readFileSync(file, 'utf8').split('\n');
  } catch {
    return null;
  }
  const pid = Number(lines[0]?.trim());
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
  } catch {
    return null;
  }
  if (isSiteServer(pid)) return { pid, publicUrl: addressOf(lines[1]) };
  console.log(
    `${file} names process ${pid}, which is not this site's server (left by a server that did not stop cleanly): removed.`,
  );
  rmSync(file, { force: true });
  return null;
}
