import { z } from 'zod';
import path from 'node:path';
import { nextCronRun } from '../queue/inline';

/**
 * The platform's configuration: the variables every process reads whatever its capabilities
 * (profile, role, address, stores, timeouts, outgoing mail), the helpers a capability's config
 * fragment builds its variables with, and the merge (`buildConfig`) of the platform's schema
 * with every listed capability's fragment. The list itself is read by ./config.ts, which the
 * processes import; capabilities import only this module (no loop through the list).
 *
 * A bad value stops the process with a message naming the variable, instead of failing later in
 * an adapter.
 */

export const booleanFlag = (name: string, fallback: boolean) =>
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

export const url = (name: string, protocols: string[]) =>
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
export const unsetWhenEmpty = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

export const wholeNumber = (name: string, min: number, max: number, fallback: number) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(min, `${name} must be between ${min} and ${max}`)
    .max(max, `${name} must be between ${min} and ${max}`)
    .default(fallback);

export const cron = (name: string, fallback: string) =>
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

/** An e-mail address variable (x@y.z), optional; empty means unset. */
export const emailAddress = (name: string, pattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/) =>
  unsetWhenEmpty(
    z
      .string()
      .trim()
      .refine((value) => pattern.test(value), {
        message: `${name} must be an e-mail address (x@y.z)`,
      }),
  );

const platformVariables = z.object({
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
  /**
   * Sign-in sessions' idle lifetime: authentication is the platform's (api/auth), whichever
   * capability owns the accounts.
   */
  SESSION_TTL_HOURS: z.coerce
    .number({ error: 'SESSION_TTL_HOURS must be a number' })
    .positive('SESSION_TTL_HOURS must be above 0')
    .max(24 * 30, 'SESSION_TTL_HOURS must be at most 720')
    .default(12),
  /** Outgoing mail (smtp:// or smtps://user:pass@host:port); unset: no e-mail is sent. */
  SMTP_URL: unsetWhenEmpty(url('SMTP_URL', ['smtp:', 'smtps:'])),
  /** The sender of outgoing mail; default: no-reply at PUBLIC_URL's host. */
  MAIL_FROM: emailAddress('MAIL_FROM', /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/),
});

/** The platform's variables as parsed. */
export type PlatformEnvironment = z.output<typeof platformVariables>;

/** The platform's configuration: its variables and the values derived from them. */
export interface PlatformConfig extends PlatformEnvironment {
  publicUrl: string;
  /**
   * PUBLIC_URL's origin and TRUSTED_ORIGINS: the only origins state-changing requests may come
   * from. Without PUBLIC_URL: http://localhost, 127.0.0.1 and [::1] at PORT.
   */
  trustedOrigins: string[];
  dataDir: string;
  development: boolean;
}

/** The platform's checks across variables (the whole environment as parsed). */
function refinePlatform(env: PlatformEnvironment, ctx: z.RefinementCtx): void {
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
}

/** The distributed profile's stores, checked after every capability's own checks. */
function refineStores(env: PlatformEnvironment, ctx: z.RefinementCtx): void {
  if (env.PROFILE !== 'distributed') return;
  for (const name of ['EVENTSTORE_URL', 'MONGODB_URL', 'REDIS_URL'] as const) {
    if (!env[name]) {
      ctx.addIssue({
        code: 'custom',
        path: [name],
        message: `${name} is required when PROFILE=distributed`,
      });
    }
  }
}

/**
 * A capability's variables (its backend half's `config`, workers/<capability>/config.ts): a zod
 * object merged into the one environment schema, checks across variables, and values derived
 * once the platform's are known. Its hooks see `PlatformConfig & Values`.
 */
export interface ConfigFragment<Values extends object = object> {
  variables: z.ZodObject;
  /** Checks across variables; it receives the whole environment as parsed (any capability's). */
  refine?(env: PlatformEnvironment & Record<string, unknown>, ctx: z.RefinementCtx): void;
  /** Its own values (parsed) completed from the platform's (a default built from publicUrl). */
  resolve?(values: Record<string, unknown>, platform: PlatformConfig): Partial<Values>;
  /** Type only: the values it adds to the configuration. */
  readonly values?: Values;
}

/**
 * Declares a fragment (`config` on the backend half). `refine` sees the platform's variables and
 * its own; `resolve` turns parsed values into the configured ones (their type is the fragment's).
 */
export function defineConfig<S extends z.ZodObject, Values extends object = z.output<S>>(fragment: {
  variables: S;
  refine?(env: PlatformEnvironment & z.output<S>, ctx: z.RefinementCtx): void;
  resolve?(values: z.output<S>, platform: PlatformConfig): Values;
}): ConfigFragment<Values> {
  return fragment as unknown as ConfigFragment<Values>; // parsed values are z.output<S>
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

/**
 * The platform's variables merged with `fragments` (a capability's variable named like one
 * before it is refused at start), parsed from `env` in one pass: every problem is reported.
 */
export function buildConfig(
  fragments: readonly ConfigFragment[],
  env: NodeJS.ProcessEnv,
  cwd: string,
): PlatformConfig & Record<string, unknown> {
  let shape: Record<string, z.ZodType> = { ...platformVariables.shape };
  for (const fragment of fragments) {
    const twice = Object.keys(fragment.variables.shape).filter((name) => name in shape);
    if (twice.length > 0) throw new Error(`Configuration variables declared twice: ${twice}`);
    shape = { ...shape, ...fragment.variables.shape };
  }
  const schema = z.object(shape).superRefine((parsed, ctx) => {
    const env = parsed as PlatformEnvironment & Record<string, unknown>;
    refinePlatform(env, ctx);
    for (const fragment of fragments) fragment.refine?.(env, ctx);
    refineStores(env, ctx);
  });
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map(
        (issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`,
      ),
    );
  }
  const e = parsed.data as PlatformEnvironment & Record<string, unknown>;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const platform = {
    ...e,
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
  return Object.assign(
    platform,
    ...fragments.map((fragment) => {
      if (!fragment.resolve) return {};
      const own = Object.keys(fragment.variables.shape).map((name) => [name, e[name]]);
      return fragment.resolve(Object.fromEntries(own), platform);
    }),
  ) as PlatformConfig & Record<string, unknown>;
}

/** A store's address the distributed profile needs (loadConfig already refused it missing). */
export function required(value: string | undefined, name: string): string {
  // This keeps types honest.
  if (!value) throw new Error(`${name} is required when PROFILE=distributed`);
  return value;
}
