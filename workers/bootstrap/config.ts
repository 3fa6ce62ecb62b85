/**
 * The configuration, validated once at start: the platform's variables (./platform-config.ts)
 * merged with every listed capability's fragment (its backend half's `config`,
 * workers/<capability>/config.ts). A bad value stops the process with a message naming the
 * variable, instead of failing later in an adapter.
 *
 * This module reads the list; the capabilities read ./platform-config.ts, never this one.
 */
import type { BackendCapability } from './capability';
import { CAPABILITY_LIST, type CAPABILITIES } from './capabilities';
import { prepareDataDir } from './data-dir';
import { buildConfig, type PlatformConfig } from './platform-config';

export { ConfigError, type PlatformConfig, type PlatformEnvironment } from './platform-config';

type Listed = (typeof CAPABILITIES)[number];
type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (
  x: infer I,
) => void
  ? I
  : never;

/** Every listed capability's configured values (its fragment's), together. */
export type CapabilitiesConfig = UnionToIntersection<
  Listed extends infer C
    ? C extends BackendCapability<infer _C, infer _Q, infer _N, infer E, infer _P, infer _L>
      ? E
      : never
    : never
>;

/** The whole configuration: the platform's and every capability's (api/ code reads this). */
export type Config = PlatformConfig & CapabilitiesConfig;

export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const fragments = CAPABILITY_LIST.flatMap((capability) =>
    capability.config ? [capability.config] : [],
  );
  // The fragments' parsed and resolved values are each fragment's type, as CapabilitiesConfig says.
  return buildConfig(fragments, env, cwd) as unknown as Config;
}

/**
 * loadConfig for a process that is starting (the server, the worker, the CLIs): DATA_DIR is
 * made ready too, or refused with a ConfigError naming why (./data-dir.ts).
 */
export function loadStartConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const config = loadConfig(env);
  prepareDataDir(config.dataDir);
  return config;
}
