/**
 * The weekly compose job's schedule: NEWSLETTER_COMPOSE_CRON (UTC), Mondays at 08:00 unless
 * set, and a value that is no cron expression refused at start with a message naming it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../workers/bootstrap/config';
import { composeWeeklyJob, type WeeklyDeps } from '../../../workers/newsletter/weekly';

const dataDir = mkdtempSync(path.join(tmpdir(), 'vial-compose-cron-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const env = { DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'error' };

const scheduleFor = (config: object) => {
  const { schedule } = composeWeeklyJob;
  return typeof schedule === 'function' ? schedule({ config } as WeeklyDeps) : schedule;
};

describe('NEWSLETTER_COMPOSE_CRON', () => {
  it.each<[string | undefined, string]>([
    [undefined, '0 8 * * 1'],
    ['30 6 * * 5', '30 6 * * 5'],
  ])('%j schedules the job at %s UTC', (value, cron) => {
    const config = loadConfig(
      value === undefined ? env : { ...env, NEWSLETTER_COMPOSE_CRON: value },
    );
    expect(scheduleFor(config)).toEqual({
      id: 'newsletter-compose-weekly',
      when: { cron, tz: 'UTC' },
      data: {},
    });
  });

  it.each(['every monday', '', '61 8 * * 1'])('refuses %j, naming the variable', (value) => {
    expect(() => loadConfig({ ...env, NEWSLETTER_COMPOSE_CRON: value })).toThrow(
      /NEWSLETTER_COMPOSE_CRON must be a cron expression/,
    );
  });
});
