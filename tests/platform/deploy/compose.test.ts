/**
 * docker-compose.yml for operators (issue 9, item 16): the app waits for healthy stores,
 * restarts on failure, stops gracefully, and scales (no fixed host port per api replica).
 * `docker-compose config -q` (CI, .ci/run) checks the file's syntax; this checks its intent.
 */
import { existsSync, readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const root = path.resolve(__dirname, '../../..');

interface Service {
  ports?: string[];
  restart?: string;
  stop_grace_period?: string;
  healthcheck?: { test: unknown };
  depends_on?: Record<string, { condition: string }>;
  command?: string[];
}

const compose = parse(readFileSync(path.join(root, 'docker-compose.yml'), 'utf8')) as {
  services: Record<string, Service>;
};
const services = compose.services;
const seconds = (value: string | undefined) => Number(/^(\d+)s$/.exec(value ?? '')?.[1] ?? NaN);

describe('docker-compose.yml', () => {
  it('api and worker wait for healthy EventStoreDB, MongoDB and Redis, and restart on failure', () => {
    for (const name of ['eventstore', 'mongo', 'redis']) {
      expect(services[name]?.healthcheck, `${name} healthcheck`).toBeDefined();
    }
    for (const name of ['api', 'worker']) {
      const service = services[name]!;
      expect(service.restart).toBe('on-failure');
      for (const store of ['eventstore', 'mongo', 'redis']) {
        expect(service.depends_on?.[store]?.condition, `${name} -> ${store}`).toBe(
          'service_healthy',
        );
      }
    }
  });

  it("initiates MongoDB's replica set itself (idempotently) in its healthcheck", () => {
    const test = JSON.stringify(services.mongo?.healthcheck?.test);
    expect(test).toContain('rs.initiate');
    expect(test).toContain('rs.status()');
  });

  it('gives the worker longer to stop than its own shutdown (15 s)', () => {
    const worker = readFileSync(path.join(root, 'workers/main.ts'), 'utf8');
    const shutdownMs = Number(/SHUTDOWN_GRACE_MS = ([\d_]+)/.exec(worker)?.[1]?.replace(/_/g, ''));
    expect(seconds(services.worker?.stop_grace_period) * 1000).toBeGreaterThan(shutdownMs);
  });

  it('scales the api: no replica publishes a port, a proxy does', () => {
    expect(services.api?.ports).toBeUndefined();
    expect(services.proxy?.ports).toEqual(['3000:3000']);
  });

  it('has a .dockerignore, and the image carries the operator CLIs as built files', () => {
    const ignore = readFileSync(path.join(root, '.dockerignore'), 'utf8');
    expect(ignore).toMatch(/^node_modules$/m);
    const build = readFileSync(path.join(root, 'scripts/build-server.mjs'), 'utf8');
    expect(build).toContain('api/cli/create-admin.ts');
    expect(build).toContain('api/cli/rebuild-projections.ts');
  });

  it(".env.example's MongoDB URL works from the host (directConnection=true)", () => {
    const env = readFileSync(path.join(root, '.env.example'), 'utf8');
    expect(env).toMatch(/^MONGODB_URL=mongodb:\/\/localhost:27017\/\?directConnection=true$/m);
  });

  // The standalone binary, else Docker's compose plugin; none: skipped with the reason printed,
  // as the other suites that need a tool do.
  const composeTool = composeCommand();
  if ('skipReason' in composeTool) {
    console.warn(`[compose] 'docker-compose config -q' skipped: ${composeTool.skipReason}`);
  }
  it.skipIf('skipReason' in composeTool)('docker-compose config -q accepts the file', () => {
    if (!('command' in composeTool)) return;
    const [bin, ...args] = composeTool.command;
    const result = spawnSync(bin!, [...args, 'config', '-q'], { cwd: root, encoding: 'utf8' });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });
});

function composeCommand(): { command: string[] } | { skipReason: string } {
  const standalone = ['/usr/bin/docker-compose', '/usr/local/bin/docker-compose'].find(existsSync);
  if (standalone) return { command: [standalone] };
  const plugin = spawnSync('docker', ['compose', 'version'], { encoding: 'utf8' });
  if (plugin.status === 0) return { command: ['docker', 'compose'] };
  return {
    skipReason:
      'no docker-compose binary (/usr/bin, /usr/local/bin) and no `docker compose` plugin on PATH',
  };
}
