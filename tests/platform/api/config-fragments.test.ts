/**
 * loadConfig merges the platform's variables with each capability's fragment (its backend
 * half's `config`): a fragment's problem names its variable, a fragment's check across
 * variables sees the platform's too, and its values reach the one Config.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CAPABILITY_LIST } from '../../../workers/bootstrap/capabilities';
import { ConfigError, loadConfig } from '../../../workers/bootstrap/config';
import { buildConfig, defineConfig } from '../../../workers/bootstrap/platform-config';

const problemsOf = (run: () => unknown): string[] => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
  throw new Error('no ConfigError');
};

describe("capabilities' config fragments", () => {
  it.each([
    [
      { UNSUBSCRIBE_SECRET: 'short' },
      'UNSUBSCRIBE_SECRET: UNSUBSCRIBE_SECRET must be at least 32 characters',
    ],
    [
      { BLOG_PREVIEW_SECRET: 'short' },
      'BLOG_PREVIEW_SECRET: BLOG_PREVIEW_SECRET must be at least 32 characters',
    ],
    [{ CONTACT_EMAIL: 'nobody' }, 'CONTACT_EMAIL: CONTACT_EMAIL must be an e-mail address (x@y.z)'],
    [
      { AI_MODEL: 'm', AI_API_KEY: 'k' },
      'AI_BASE_URL: AI_BASE_URL is required when AI_MODEL and AI_API_KEY are set',
    ],
    [{ REDDIT_RUN_BUDGET: 'lots' }, 'REDDIT_RUN_BUDGET: REDDIT_RUN_BUDGET must be a number'],
  ])('%j: one problem naming the variable', (env, problem) => {
    expect(problemsOf(() => loadConfig({ DATA_DIR: '/tmp/x', ...env }))).toEqual([problem]);
  });

  it("a fragment's check across variables reads the platform's (UNSUBSCRIBE_SECRET with SMTP_URL)", () => {
    const distributed = {
      PROFILE: 'distributed',
      EVENTSTORE_URL: 'esdb://localhost:2113?tls=false',
      MONGODB_URL: 'mongodb://localhost:27017',
      REDIS_URL: 'redis://localhost:6379',
      SMTP_URL: 'smtp://mail.example.com',
    };
    expect(problemsOf(() => loadConfig(distributed))).toEqual([
      'ADMIN_INVITATION_SECRET: ADMIN_INVITATION_SECRET is required when PROFILE=distributed and SMTP_URL is set (the worker mails the invitation links the api makes)',
      'UNSUBSCRIBE_SECRET: UNSUBSCRIBE_SECRET is required when PROFILE=distributed and SMTP_URL is set (the worker signs the links the api checks)',
    ]);
    expect(
      loadConfig({
        ...distributed,
        UNSUBSCRIBE_SECRET: 'x'.repeat(32),
        ADMIN_INVITATION_SECRET: 'y'.repeat(32),
      }).SMTP_URL,
    ).toBe('smtp://mail.example.com');
  });

  it("every listed capability's variables reach the one Config, resolved against the platform's", () => {
    const config = loadConfig({
      PUBLIC_URL: 'https://vial.example',
      DATA_DIR: '/tmp/x',
      // the optional ones (the others have defaults)
      UNSUBSCRIBE_SECRET: 'u'.repeat(32),
      ADMIN_INVITATION_SECRET: 'i'.repeat(32),
      BLOG_PREVIEW_SECRET: 'b'.repeat(32),
      CONTACT_EMAIL: 'hello@vial.example',
      DONATION_URL: 'https://donate.example',
      AI_BASE_URL: 'https://ai.example',
      AI_MODEL: 'model',
      AI_API_KEY: 'key',
      MAIL_PER_MINUTE: '600',
    });
    for (const capability of CAPABILITY_LIST) {
      for (const name of Object.keys(capability.config?.variables.shape ?? {})) {
        expect(config).toHaveProperty(name);
      }
    }
    expect(config.REDDIT_USER_AGENT).toContain('+https://vial.example');
  });

  it('a fragment declaring a variable the platform (or another fragment) declares is refused', () => {
    const twice = defineConfig({ variables: z.object({ PORT: z.string().optional() }) });
    expect(() => buildConfig([twice], {}, '/')).toThrow(/declared twice: PORT/);
  });

  it("a fragment's problems are reported with the platform's, in one pass", () => {
    const fragment = defineConfig({
      variables: z.object({ WIDGETS: z.coerce.number({ error: 'WIDGETS must be a number' }) }),
    });
    expect(problemsOf(() => buildConfig([fragment], { PORT: 'x', WIDGETS: 'y' }, '/'))).toEqual([
      'PORT: PORT must be a number',
      'WIDGETS: WIDGETS must be a number',
    ]);
  });
});
