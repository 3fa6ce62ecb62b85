/**
 * The Reddit snapshots are no projection of events, so a restart of the embedded profile
 * cannot rebuild them: they are kept on disk (DATA_DIR/kept.sqlite) and read back at start.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openBackend } from '../../../workers/bootstrap/composition';
import { loadConfig } from '../../../workers/bootstrap/config';
import { createLogger } from '../../../workers/bootstrap/logger';
import { redditSearchKey, type RedditSearch } from '../../../domain/reddit/snapshot';
import { keptRedditSnapshots } from '../../../projections/reddit';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function start(dataDir: string) {
  const config = loadConfig({
    PROFILE: 'embedded',
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'error',
  });
  return openBackend(config, createLogger({ level: 'error' }));
}

describe('Reddit snapshots on the embedded profile', () => {
  it('given a recorded snapshot, when the process starts again on the same data folder, then the viewer still has it', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'vial-reddit-kept-'));
    dirs.push(dataDir);
    const search: RedditSearch = { query: 'semaglutide experience', subreddit: 'all' };
    const snapshot = {
      ...search,
      key: redditSearchKey(search.query, search.subreddit),
      takenAt: '2026-11-23T10:00:00.000Z',
      posts: [],
    };

    const first = await start(dataDir);
    await keptRedditSnapshots(first.readStore).record(snapshot);
    await first.close();

    const second = await start(dataDir);
    try {
      expect(await keptRedditSnapshots(second.readStore).latest(search)).toMatchObject({
        key: snapshot.key,
        takenAt: snapshot.takenAt,
      });
    } finally {
      await second.close();
    }
  });
});
