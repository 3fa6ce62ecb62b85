/**
 * The ceiling the cached home page is measured against: Debian's nginx (one worker, access
 * log off) serving the same bytes from a temporary config, or, when nginx is not installed, a
 * bare node:http server writing the same Buffer. Load comes from wrk when installed (a C load
 * generator: autocannon, in Node, saturates before nginx does), else autocannon.
 *
 * Next to it, Node's own ceiling (startBareNode): a bare node:http server in its own process
 * writing the same bytes with the same headers as the app, so the bench shows how much of the
 * gap to nginx is the app's and how much is Node's http module.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { tempDir } from './temp';

export interface LoadFigures {
  requestsPerSecond: number;
  p99Ms: number;
  tool: string;
}

function which(command: string): string | null {
  const found = spawnSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' });
  const out = found.stdout.trim();
  return found.status === 0 && out ? out : null;
}

const NGINX = ['/usr/sbin/nginx', which('nginx')].find(
  (p): p is string => !!p && spawnSync(p, ['-v']).status === 0,
);
export const WRK = which('wrk');

/** wrk's "Latency Distribution" 99% line in ms. */
function parseWrk(out: string): { rps: number; p99: number } {
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? NaN);
  const p99 = /^\s*99%\s+([\d.]+)(us|ms|s)\s*$/m.exec(out);
  const unit = p99?.[2] === 'us' ? 0.001 : p99?.[2] === 's' ? 1000 : 1;
  return { rps, p99: Number(p99?.[1] ?? NaN) * unit };
}

export function runWrk(
  url: string,
  connections: number,
  seconds: number,
  headers: Record<string, string> = {},
): Promise<{ rps: number; p99: number }> {
  if (!WRK) throw new Error('wrk is not installed');
  const args = ['-t2', `-c${connections}`, `-d${seconds}s`, '--latency'];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`);
  args.push(url);
  return new Promise((resolve, reject) => {
    const child = spawn(WRK, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (out += c));
    child.once('error', reject);
    child.once('close', (code) => {
      if (code !== 0) reject(new Error(`wrk exited with ${code}`));
      else resolve(parseWrk(out));
    });
  });
}

export interface ReferenceServer {
  url: string;
  /** 'nginx (1 worker)' or 'bare node:http' */
  name: string;
  note?: string;
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

async function waitFor(url: string, tries = 50): Promise<void> {
  for (let i = 0; i < tries; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer`);
}

/**
 * The bytes under load in a process of their own: a node:http handler that only writes the
 * given status line, headers and body (the least any Node server can do per request).
 */
const BARE_NODE_SERVER = `
const http = require('node:http');
const fs = require('node:fs');
const [bodyFile, headersFile] = process.argv.slice(1);
const body = fs.readFileSync(bodyFile);
const headers = JSON.parse(fs.readFileSync(headersFile, 'utf8'));
const server = http.createServer((req, res) => {
  res.writeHead(200, headers);
  res.end(body);
});
server.listen(0, '127.0.0.1', () => process.stdout.write(String(server.address().port) + '\\n'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
`;

/** Node's ceiling for these bytes: a bare node:http server (own process), `headers` as a raw list. */
export async function startBareNode(
  body: Buffer,
  headers: readonly string[],
): Promise<ReferenceServer> {
  const dir = tempDir('bare-node');
  const bodyFile = path.join(dir, 'body');
  const headersFile = path.join(dir, 'headers.json');
  writeFileSync(bodyFile, body);
  writeFileSync(headersFile, JSON.stringify(headers));
  const child = spawn(process.execPath, ['-e', BARE_NODE_SERVER, bodyFile, headersFile], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      if (out.includes('\n')) resolve(out.trim());
    });
    child.once('exit', (code) => reject(new Error(`the bare node:http server exited (${code})`)));
  });
  return {
    url: `http://127.0.0.1:${port}/page`,
    name: 'bare node:http (own process)',
    close: async () => {
      child.kill('SIGTERM');
      if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

/** Serves `body` with `headers` at the returned url (GET /page). */
export async function startReference(
  body: Buffer,
  headers: Record<string, string>,
): Promise<ReferenceServer> {
  if (NGINX) {
    const dir = tempDir('nginx');
    // mkdtemp makes the directory 0700: nginx's worker (user nobody) could not read it (404).
    chmodSync(dir, 0o755);
    const www = path.join(dir, 'www');
    mkdirSync(www, { mode: 0o755 });
    writeFileSync(path.join(www, 'page'), body, { mode: 0o644 });
    const port = await freePort();
    const extra = Object.entries(headers)
      .filter(([name]) => name.toLowerCase() !== 'content-type')
      .map(([name, value]) => `add_header ${name} ${JSON.stringify(value)} always;`)
      .concat('add_header X-Request-Id $request_id always;')
      .join('\n        ');
    const temp = (name: string) => `${name}_temp_path ${path.join(dir, name)};`;
    writeFileSync(
      path.join(dir, 'nginx.conf'),
      `worker_processes 1;
daemon off;
pid ${path.join(dir, 'nginx.pid')};
error_log ${path.join(dir, 'error.log')} error;
events { worker_connections 4096; }
http {
  access_log off;
  ${temp('client_body')} ${temp('proxy')} ${temp('fastcgi')} ${temp('uwsgi')} ${temp('scgi')}
  server {
    listen 127.0.0.1:${port};
    root ${www};
    location = /page {
        types { }
        default_type ${JSON.stringify(headers['content-type'] ?? headers['Content-Type'] ?? 'text/html; charset=utf-8')};
        ${extra}
    }
  }
}
`,
    );
    const child: ChildProcess = spawn(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf')], {
      stdio: 'ignore',
    });
    const url = `http://127.0.0.1:${port}/page`;
    await waitFor(url);
    return {
      url,
      name: 'nginx (1 worker, static file)',
      close: async () => {
        child.kill('SIGTERM');
        await new Promise((resolve) => child.once('exit', resolve));
      },
    };
  }
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, { ...headers, 'Content-Length': body.length });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/page`,
    name: 'bare node:http (one Buffer)',
    note: 'nginx is not installed (apt-get install -y nginx): compared with a bare node:http server instead.',
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
