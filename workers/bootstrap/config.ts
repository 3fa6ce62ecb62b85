import { z } from 'zod';
import path from 'node:path';
import { nextCronRun } from '../queue/inline';

/**
 * Configuration from the environment, validated once at start. A bad value stops the process
 * with a message naming the variable, instead of failing later in an adapter.
 */
const booleanFlag = (name: string, fallback: boolean) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return fallback;
      const v = value.trim().toLowerCase();
      if (['1', 'true', 'yes', 'on'].includes(v)) return true;
      if (['0', 'false', 'no', 'off'].includes(v)) return false;
      ctx.addIssue({ code: 'custom', message: `${name} must be true or false, got "${value}"` });
      return z.NEVER;
    });

const url = (name: string, protocols: string[]) =>
  z
    .string()
    .trim()
    .refine(
      (value) => {
        try {
          return protocols.includes(new URL(value).protocol);
        } catch {
          return false;
        }
      },
      `${name} must be a ${protocols.join(' or ')}// URL`,
    );

/** An optional variable where an empty value (`NAME=` in a .env file) means unset. */
const unsetWhenEmpty = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const wholeNumber = (name: string, min: number, max: number, fallback: number) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(min, `${name} must be between ${min} and ${max}`)
    .max(max, `${name} must be between ${min} and ${max}`)
    .default(fallback);

const cron = (name: string, fallback: string) =>
  z
    .string()
    .trim()
    .default(fallback)
    .superRefine((value, ctx) => {
      let valid = value.split(/\s+/).length >= 5;
      try {
        nextCronRun(value, 'UTC');
      } catch {
        valid = false;
      }
      if (!valid) {
        ctx.addIssue({
          code: 'custom',
          message: `${name} must be a cron expression of 5 fields such as "0 */6 * * *" (minute hour day month weekday), got "${value}"`,
        });
      }
    });

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    PROFILE: z
      .enum(['embedded', 'distributed'], 'PROFILE must be embedded or distributed')
      .default('embedded'),
    ROLE: z.enum(['all', 'api', 'worker'], 'ROLE must be all, api or worker').default('all'),
    HOST: z.string().trim().min(1).default('127.0.0.1'),
    PORT: z.coerce
      .number({ error: 'PORT must be a number' })
      .int('PORT must be a whole number')
      .min(0, 'PORT must be between 0 and 65535')
      .max(65535, 'PORT must be between 0 and 65535')
      .default(3000),
    PUBLIC_URL: url('PUBLIC_URL', ['http:', 'https:']).optional(),
    TRUSTED_ORIGINS: z
      .string()
      .optional()
      .transform((value, ctx) => {
        const origins: string[] = [];
        for (const item of (value ?? '').split(',').map((v) => v.trim())) {
          if (item === '') continue;
          let parsed: URL | null = null;
          try {
            parsed = new URL(item);
          } catch {
            parsed = null;
          }
          if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
            ctx.addIssue({
              code: 'custom',
              message: `TRUSTED_ORIGINS must list http:// or https:// origins separated by commas, got "${item}"`,
            });
            return z.NEVER;
          }
          origins.push(parsed.origin);
        }
        return origins;
      }),
    DATA_DIR: z.string().trim().min(1).default('.data'),
    SEED_DEMO: booleanFlag('SEED_DEMO', true),
    EVENTSTORE_URL: url('EVENTSTORE_URL', ['esdb:', 'esdb+discover:']).optional(),
    MONGODB_URL: url('MONGODB_URL', ['mongodb:', 'mongodb+srv:']).optional(),
    MONGODB_DATABASE: z.string().trim().min(1).default('vialcompare'),
    REDIS_URL: url('REDIS_URL', ['redis:', 'rediss:']).optional(),
    REDIS_PREFIX: z.string().trim().min(1).default('vial'),
    LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
    /**
     * The HTTP server's limits on slow clients: the whole header block, the whole request
     * (headers and body), and an idle keep-alive connection. Past them the connection is
     * answered 408 (when nothing was sent yet) and closed.
     */
    HTTP_HEADERS_TIMEOUT_MS: wholeNumber('HTTP_HEADERS_TIMEOUT_MS', 100, 600_000, 20_000),
    HTTP_REQUEST_TIMEOUT_MS: wholeNumber('HTTP_REQUEST_TIMEOUT_MS', 100, 3_600_000, 30_000),
    HTTP_KEEP_ALIVE_TIMEOUT_MS: wholeNumber('HTTP_KEEP_ALIVE_TIMEOUT_MS', 100, 600_000, 5_000),
    /** 'off' renders every page per request (measuring, or ruling the cache out). */
    PAGE_CACHE: z.enum(['on', 'off'], "PAGE_CACHE must be 'on' or 'off'").default('on'),
    REDDIT_BASE_URL: url('REDDIT_BASE_URL', ['http:', 'https:']).default('https://www.reddit.com'),
    REDDIT_REFRESH_CRON: cron('REDDIT_REFRESH_CRON', '0 */6 * * *'),
    REDDIT_REQUESTS_PER_MINUTE: wholeNumber('REDDIT_REQUESTS_PER_MINUTE', 1, 6000, 10),
    REDDIT_RUN_BUDGET: wholeNumber('REDDIT_RUN_BUDGET', 1, 1000, 100),
    REDDIT_USER_AGENT: z
      .string()
      .trim()
      .max(200, 'REDDIT_USER_AGENT must be at most 200 characters')
      .optional(),
    SESSION_TTL_HOURS: z.coerce
      .number({ error: 'SESSION_TTL_HOURS must be a number' })
      .positive('SESSION_TTL_HOURS must be above 0')
      .max(24 * 30, 'SESSION_TTL_HOURS must be at most 720')
      .default(12),
    /** The address visitors write to (shown on /contact and the legal pages). */
    CONTACT_EMAIL: unsetWhenEmpty(
      z
        .string()
        .trim()
        .refine((value) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value), {
          message: 'CONTACT_EMAIL must be an e-mail address (x@y.z)',
        }),
    ),
    /**
     * Signs the newsletter's one-click unsubscribe links (HMAC-SHA256). Unset: one is generated
     * on first start and kept in DATA_DIR/unsubscribe-secret (required on the distributed
     * profile when SMTP_URL is set: the worker signs the links the api checks).
     */
    UNSUBSCRIBE_SECRET: unsetWhenEmpty(
      z.string().trim().min(32, 'UNSUBSCRIBE_SECRET must be at least 32 characters'),
    ),
    /** Outgoing mail (smtp:// or smtps://user:pass@host:port); unset: no e-mail is sent. */
    SMTP_URL: unsetWhenEmpty(url('SMTP_URL', ['smtp:', 'smtps:'])),
    /** The sender of outgoing mail; default: no-reply at PUBLIC_URL's host. */
    MAIL_FROM: unsetWhenEmpty(
      z
        .string()
        .trim()
        .refine((value) => /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(value), {
          message: 'MAIL_FROM must be an e-mail address (x@y.z)',
        }),
    ),
    /** The external donation page /support opens; unset: the donate button is disabled. */
    DONATION_URL: unsetWhenEmpty(url('DONATION_URL', ['https:'])),
    /**
     * Signs the blog's draft-preview links (HMAC-SHA256, at least 32 characters). Unset: a
     * random secret per process (links stop working at a restart; set it when several API
     * processes serve the site).
     */
    BLOG_PREVIEW_SECRET: unsetWhenEmpty(
      z.string().min(32, 'BLOG_PREVIEW_SECRET must be at least 32 characters'),
    ),
    /** Optional OpenAI-compatible endpoint for /glp1-ai; all three set, or none. */
    AI_BASE_URL: unsetWhenEmpty(url('AI_BASE_URL', ['http:', 'https:'])),
    AI_MODEL: unsetWhenEmpty(z.string().trim().min(1)),
    AI_API_KEY: unsetWhenEmpty(z.string().trim().min(1)),
  })
  .superRefine((env, ctx) => {
    // node:http refuses a headers timeout above the request timeout (it could never apply).
    // (Only between two valid values: the refinement runs after a field's own issue too.)
    const { HTTP_HEADERS_TIMEOUT_MS: headersMs, HTTP_REQUEST_TIMEOUT_MS: requestMs } = env;
    if (requestMs >= 100 && requestMs <= 3_600_000 && headersMs > requestMs) {
      ctx.addIssue({
        code: 'custom',
        path: ['HTTP_HEADERS_TIMEOUT_MS'],
        message: `HTTP_HEADERS_TIMEOUT_MS (${env.HTTP_HEADERS_TIMEOUT_MS}) must not be above HTTP_REQUEST_TIMEOUT_MS (${env.HTTP_REQUEST_TIMEOUT_MS})`,
      });
    }
    const ai = (['AI_BASE_URL', 'AI_MODEL', 'AI_API_KEY'] as const).filter((name) => env[name]);
    if (ai.length > 0 && ai.length < 3) {
      for (const name of ['AI_BASE_URL', 'AI_MODEL', 'AI_API_KEY'] as const) {
        if (env[name]) continue;
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message: `${name} is required when ${ai.join(' and ')} ${ai.length === 1 ? 'is' : 'are'} set`,
        });
      }
    }
    if (env.PROFILE !== 'distributed') return;
    if (env.SMTP_URL && !env.UNSUBSCRIBE_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['UNSUBSCRIBE_SECRET'],
        message:
          'UNSUBSCRIBE_SECRET is required when PROFILE=distributed and SMTP_URL is set (the worker signs the links the api checks)',
      });
    }
    for (const name of ['EVENTSTORE_URL', 'MONGODB_URL', 'REDIS_URL'] as const) {
      if (!env[name]) {
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message: `${name} is required when PROFILE=distributed`,
        });
      }
    }
  });

export type Environment = z.infer<typeof envSchema>;

export interface Config extends Environment {
  /** Reddit asks for a descriptive User-Agent: the site's name, purpose and address by default. */
  REDDIT_USER_AGENT: string;
  publicUrl: string;
  /**
   * PUBLIC_URL's origin and TRUSTED_ORIGINS: the only origins state-changing requests may come
   * from. Without PUBLIC_URL: http://localhost, 127.0.0.1 and [::1] at PORT.
   */
  trustedOrigins: string[];
  dataDir: string;
  development: boolean;
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  /** One line per problem: 'PORT: PORT must be a number'. */
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.problems = problems;
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map(
        (issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`,
      ),
    );
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    ...e,
    REDDIT_USER_AGENT:
      e.REDDIT_USER_AGENT || `web:vialcompare:1.0 (GLP-1 provider comparison; +${publicUrl})`,
    publicUrl,
    trustedOrigins: [
      ...new Set([
        new URL(publicUrl).origin,
        // Unset PUBLIC_URL: a browser on this machine may open any loopback spelling of the
        // address (the log prints localhost; people type 127.0.0.1), and its forms must work.
        ...(e.PUBLIC_URL ? [] : [`http://127.0.0.1:${e.PORT}`, `http://[::1]:${e.PORT}`]),
        ...e.TRUSTED_ORIGINS,
      ]),
    ],
    dataDir: path.resolve(cwd, e.DATA_DIR),
    development: e.NODE_ENV === 'development',
  };
}
