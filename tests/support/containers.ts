import { existsSync } from 'node:fs';
import { connect, type Socket } from 'node:net';

/**
 * External services for contract suites: a URL from the environment when set, else a
 * throw-away container when a Docker engine answers, else a reason to skip that the suite
 * prints (never a silent skip).
 *
 *   const service = await startService('eventstore');
 *   if ('skipReason' in service) console.warn(service.skipReason);
 */
export type ServiceName = 'eventstore' | 'mongo';

export type StartedService = {
  url: string;
  source: 'env' | 'testcontainers';
  /** Stops the container (a no-op for a server from the environment). */
  stop(): Promise<void>;
};
export type SkippedService = { skipReason: string };
export type Service = StartedService | SkippedService;

const ENV: Record<ServiceName, string> = { eventstore: 'EVENTSTORE_URL', mongo: 'MONGODB_URL' };

/** Where the Docker engine would listen: DOCKER_HOST (unix:// or tcp://) or the default socket. */
function dockerEndpoint(): { path: string } | { host: string; port: number } | null {
  const dockerHost = process.env.DOCKER_HOST;
  if (dockerHost?.startsWith('unix://')) return { path: dockerHost.slice('unix://'.length) };
  if (dockerHost?.startsWith('tcp://')) {
    const url = new URL(dockerHost.replace(/^tcp:/, 'http:'));
    return { host: url.hostname, port: Number(url.port || 2375) };
  }
  return existsSync('/var/run/docker.sock') ? { path: '/var/run/docker.sock' } : null;
}

/**
 * Whether a Docker engine answers `GET /_ping` within `timeoutMs`. Never hangs: the socket is
 * destroyed when the timer fires. Resolves with a reason when it does not answer.
 */
export async function dockerUnavailableReason(timeoutMs = 1500): Promise<string | null> {
  const endpoint = dockerEndpoint();
  if (!endpoint) return 'no Docker engine (DOCKER_HOST unset and /var/run/docker.sock missing)';
  return new Promise((resolve) => {
    let answer = '';
    let settled = false;
    const done = (reason: string | null, socket?: Socket) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket?.destroy();
      resolve(reason);
    };
    const socket = connect(endpoint);
    const timer = setTimeout(
      () => done(`the Docker engine did not answer within ${timeoutMs} ms`, socket),
      timeoutMs,
    );
    socket.on('connect', () => socket.write('GET /_ping HTTP/1.0\r\nHost: docker\r\n\r\n'));
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString();
      if (/^HTTP\/1\.[01] 200/.test(answer)) done(null, socket);
      else if (answer.includes('\r\n'))
        done(`the Docker engine answered: ${answer.split('\r\n')[0]}`, socket);
    });
    socket.on('error', (error) =>
      done(`the Docker engine is unreachable (${error.message})`, socket),
    );
    socket.on('close', () => done('the Docker engine closed the connection', socket));
  });
}

async function startContainer(name: ServiceName): Promise<StartedService> {
  // Loaded only when a Docker engine answers: importing testcontainers has a cost.
  const { GenericContainer, Wait } = await import('testcontainers');
  if (name === 'eventstore') {
    const image = process.env.EVENTSTORE_IMAGE ?? 'eventstore/eventstore:24.10';
    const container = await new GenericContainer(image)
      .withEnvironment({
        EVENTSTORE_INSECURE: 'true',
        EVENTSTORE_RUN_PROJECTIONS: 'None',
        EVENTSTORE_MEM_DB: 'true',
        EVENTSTORE_CLUSTER_SIZE: '1',
      })
      .withExposedPorts(2113)
      .withWaitStrategy(Wait.forHttp('/health/live', 2113).forStatusCodeMatching((s) => s < 300))
      .withStartupTimeout(120_000)
      .start();
    return {
      url: `esdb://${container.getHost()}:${container.getMappedPort(2113)}?tls=false`,
      source: 'testcontainers',
      stop: async () => void (await container.stop()),
    };
  }
  const container = await new GenericContainer(process.env.MONGO_IMAGE ?? 'mongo:7')
    .withExposedPorts(27017)
    .withWaitStrategy(Wait.forLogMessage(/Waiting for connections/))
    .withStartupTimeout(120_000)
    .start();
  return {
    url: `mongodb://${container.getHost()}:${container.getMappedPort(27017)}/?directConnection=true`,
    source: 'testcontainers',
    stop: async () => void (await container.stop()),
  };
}

/** A server for `name`, or the reason the suite that needs it is skipped. */
export async function startService(name: ServiceName): Promise<Service> {
  const fromEnv = process.env[ENV[name]];
  if (fromEnv) return { url: fromEnv, source: 'env', stop: async () => {} };
  const unavailable = await dockerUnavailableReason();
  if (unavailable) {
    return {
      skipReason: `${name}: ${ENV[name]} is not set and ${unavailable}, so no ${name} server can be started`,
    };
  }
  try {
    return await startContainer(name);
  } catch (error) {
    return {
      skipReason: `${name}: ${ENV[name]} is not set and the ${name} container did not start (${
        error instanceof Error ? error.message : String(error)
      })`,
    };
  }
}
