/**
 * Capability ports on the embedded profile: the click counter (`ports`) and the newsletter's
 * subscriber ids (`eventLog`) are opened with the backend under their names, and closed with it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clickCounterPort } from '../../../workers/clicks/counter';
import { openBackend } from '../../../workers/bootstrap/composition';
import { loadConfig } from '../../../workers/bootstrap/config';
import { createLogger } from '../../../workers/bootstrap/logger';

const dirs: string[] = [];
afterEach(() => {
  vi.restoreAllMocks();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('a port opened by a capability', () => {
  it('is the backend’s under its name, and is closed when the backend closes', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'vial-ports-'));
    dirs.push(dataDir);
    const closed = vi.fn();
    const open = clickCounterPort.open.bind(clickCounterPort);
    vi.spyOn(clickCounterPort, 'open').mockImplementation(async (context) => {
      const opened = await open(context);
      return {
        value: opened.value,
        close: async () => {
          await opened.close();
          closed();
        },
      };
    });
    const config = loadConfig({ DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'error' });
    const backend = await openBackend(config, createLogger({ level: 'error' }));
    let closedBackend = false;
    try {
      expect(clickCounterPort.open).toHaveBeenCalledTimes(1);
      backend.clicks.count('p-1', '2024-05-01');
      expect(await backend.clicks.counts('2024-05-01', '2024-05-01')).toEqual([
        { day: '2024-05-01', providerId: 'p-1', clicks: 1 },
      ]);
      expect(typeof backend.subscribers.idFor).toBe('function');
      expect(closed).not.toHaveBeenCalled();
      await backend.close();
      closedBackend = true;
      expect(closed).toHaveBeenCalledTimes(1);
    } finally {
      if (!closedBackend) await backend.close();
    }
  });
});
