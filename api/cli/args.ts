/** Command-line flags for the CLIs: `--name value`, `--name=value` and boolean `--flag`. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export interface FlagSpec {
  /** Flags that take a value. */
  values: readonly string[];
  /** Flags that stand alone. */
  booleans: readonly string[];
}

export function parseFlags(
  argv: readonly string[],
  spec: FlagSpec,
): { values: Record<string, string>; booleans: Set<string> } {
  const values: Record<string, string> = {};
  const booleans = new Set<string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (!arg.startsWith('--')) throw new UsageError(`Unexpected argument "${arg}"`);
    const eq = arg.indexOf('=');
    const name = arg.slice(2, eq === -1 ? undefined : eq);
    if (spec.booleans.includes(name)) {
      if (eq !== -1) throw new UsageError(`--${name} takes no value`);
      booleans.add(name);
    } else if (spec.values.includes(name)) {
      const value = eq === -1 ? argv[++i] : arg.slice(eq + 1);
      if (value === undefined || value.startsWith('--') || value.trim() === '') {
        throw new UsageError(`--${name} needs a value`);
      }
      values[name] = value;
    } else {
      throw new UsageError(`Unknown option --${name}`);
    }
  }
  return { values, booleans };
}
