/**
 * Rebuilding the read models from the back office, on a seeded embedded app started for real:
 * an administrator starts it, polls its progress until 'swapped', the site reads the same
 * after the swap, a second start while one runs is a 409 naming who started it, the rebuild is
 * in the audit log with that administrator, and nobody without a session can start one. The
 * read models' status says where each stands against the log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACK_OFFICE_PATHS, type AuditEntryView } from '../../../api/contracts/back-office';
import {
  OPERATIONS_PATHS,
  swappedText,
  type ReadModelStatusView,
  type RebuildStartedView,
  type RebuildStatusView,
} from '../../../api/operations/contracts';
import { PROVIDER_PATHS } from '../../../api/providers/contracts';
import {
  registerAdmin,
  request,
  signIn,
  startTestServer,
  type AdminSession,
  type TestServer,
} from '../../support/http-server';

const EMAIL = 'ops@example.com';
const PASSWORD = 'a long test password 1';

describe('Given a seeded embedded app and a signed-in administrator', () => {
  let server: TestServer;
  let session: AdminSession;

  const status = async () => {
    const response = await request(server.base, OPERATIONS_PATHS.rebuild, { session });
    expect(response.status).toBe(200);
    return (await response.json()) as RebuildStatusView;
  };
  const start = (as: AdminSession | null = session) =>
    request(server.base, OPERATIONS_PATHS.rebuild, {
      method: 'POST',
      ...(as ? { session: as } : {}),
    });
  /** What public pages and the back office read, to compare before and after the swap. */
  const reads = async () => ({
    pages: await (await request(server.base, PROVIDER_PATHS.pages)).json(),
    featured: await (await request(server.base, PROVIDER_PATHS.featured)).json(),
    admin: await (await request(server.base, PROVIDER_PATHS.admin, { session })).json(),
    dashboard: await (await request(server.base, BACK_OFFICE_PATHS.dashboard, { session })).json(),
  });
  async function pollUntilEnded(): Promise<RebuildStatusView> {
    for (let i = 0; i < 600; i++) {
      const now = await status();
      if (now.run && now.run.status !== 'running') return now;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('the rebuild did not end within 30 s');
  }

  beforeAll(async () => {
    server = await startTestServer({ prefix: 'vial-rebuild-', env: { SEED_DEMO: 'true' } });
    const { prepareFirstStart } = await import('../../../api/first-start');
    await prepareFirstStart(server.backend);
    await registerAdmin(server.backend, EMAIL, PASSWORD);
    session = await signIn(server.base, EMAIL, PASSWORD);
  });

  afterAll(async () => {
    await server?.close();
  });

  it('then the rebuild is available and none has run yet', async () => {
    expect(await status()).toEqual({ available: true, run: null });
  });

  it('When no one is signed in, then starting one is a 401', async () => {
    expect((await start(null)).status).toBe(401);
    expect((await status()).run).toBeNull();
  });

  it('When one is started, then a second start is a 409 naming who started it; it ends swapped and the reads are the same', async () => {
    const before = await reads();
    const total = await server.backend.eventStore.countAfter(0n, Number.MAX_SAFE_INTEGER);
    expect(total).toBeGreaterThan(0);

    // A log this small replays in milliseconds: the rebuild is held at its start until the
    // second request has been answered.
    const backend = server.backend;
    const rebuildProjections = backend.rebuildProjections;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    backend.rebuildProjections = async (options) => {
      await held;
      return rebuildProjections(options);
    };
    try {
      const started = await start();
      expect(started.status).toBe(202);
      const { run } = (await started.json()) as RebuildStartedView;
      expect(run).toMatchObject({ status: 'running', startedBy: EMAIL, events: 0 });

      const second = await start();
      expect(second.status).toBe(409);
      const refused = (await second.json()) as { error: string };
      expect(refused.error).toMatch(
        /^A rebuild is already running \(started \d\d:\d\d:\d\d UTC by ops@example\.com\)\.$/,
      );
      expect((await status()).run).toMatchObject({ id: run.id, status: 'running', total });
    } finally {
      release();
      backend.rebuildProjections = rebuildProjections;
    }

    const ended = await pollUntilEnded();
    expect(ended.run).toMatchObject({ status: 'swapped', startedBy: EMAIL, events: total + 1 });
    const result = ended.run?.result;
    // Every event up to the start, its own 'started' record included.
    expect(result?.events).toBeGreaterThanOrEqual(total);
    expect(result?.projectors).toBeGreaterThan(1);
    expect(swappedText(result?.events ?? 0, result?.ms ?? 0)).toMatch(
      /^Swapped: the site now reads the rebuilt views \([\d,]+ events in [\d.]+ s\)\.$/,
    );
    expect(await reads()).toEqual(before);
  });

  it('then the audit log records the start and the swap, with the administrator who started it', async () => {
    const { run } = await status();
    const response = await request(
      server.base,
      `${BACK_OFFICE_PATHS.audit}?subjectId=${run?.id ?? ''}`,
      { session },
    );
    const entries = (await response.json()) as AuditEntryView[];
    expect(entries.map((e) => [e.eventType, e.actor.email])).toEqual([
      ['ReadModelsRebuilt', EMAIL],
      ['ReadModelsRebuildStarted', EMAIL],
    ]);
    expect(entries[0]?.summary).toMatch(/^Rebuilt the read models and swapped them in \(/);
  });

  it('When another is started after it ended, then it runs (one at a time, not once)', async () => {
    expect((await start()).status).toBe(202);
    expect((await pollUntilEnded()).run?.status).toBe('swapped');
  });

  it('then the read models stand at the log’s last position, with the newest snapshot; without a session it is a 401', async () => {
    // The last rebuild's record applied first (the runner follows the log by itself).
    const head = (await server.backend.eventStore.headPosition()).toString();
    expect(await server.backend.waitForProjections(head, 5000)).toBe(true);
    const response = await request(server.base, OPERATIONS_PATHS.readModels, { session });
    expect(response.status).toBe(200);
    const status = (await response.json()) as ReadModelStatusView;
    expect(status.head).toBe(head);
    expect(status.readModels.length).toBeGreaterThan(1);
    for (const model of status.readModels) expect(model).toEqual({ ...model, behind: 0 });
    // The embedded profile keeps snapshots: none is written in a test this short.
    expect(status.snapshot).toBeNull();
    expect((await request(server.base, OPERATIONS_PATHS.readModels)).status).toBe(401);
  });
});
