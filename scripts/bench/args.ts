/** Command-line flags of `npm run bench`. Unknown flags are an error (exit code 2). */

export const SECTIONS = [
  'appends',
  'replay',
  'http',
  'clicks',
  'million',
  'cost',
  'newsletter',
  'cache-writes',
  'snapshots',
  'pages',
] as const;
/**
 * Run when no --only is given; `million` (about a minute), `cost`, `newsletter` (an issue to
 * 200,000 subscribers), `cache-writes`, `snapshots` (a million-event log) and `pages` (three seeded servers) only when asked for.
 */
export const DEFAULT_SECTIONS: readonly Section[] = ['appends', 'replay', 'http', 'clicks'];
export type Section = (typeof SECTIONS)[number];

export interface BenchOptions {
  /** Smaller sizes and 3 s load runs: a smoke run. */
  quick: boolean;
  /** The sections to run, in their fixed order. */
  sections: Section[];
  help: boolean;
}

export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export const USAGE = `Usage: npm run bench -- [--quick] [--only=appends,replay,http,clicks,million,cost,newsletter]

  --quick          smaller event counts and 3 s HTTP runs (a smoke run)
  --only=LIST      run only these sections (comma-separated: ${SECTIONS.join(', ')});
                   million (1,000,000 events: rebuild, start to ready, peak memory) runs
                   only when named; cost (/cost rendered uncached and the prices
                   CSV, 2,000 providers) only when named; newsletter (an issue
                   sent to 200,000 subscribers through a local SMTP sink, and
                   price alert matching) only when named
  -h, --help       show this help`;

function isSection(value: string): value is Section {
  return (SECTIONS as readonly string[]).includes(value);
}

export function parseArgs(argv: readonly string[]): BenchOptions {
  const options: BenchOptions = { quick: false, sections: [...DEFAULT_SECTIONS], help: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--quick') {
      options.quick = true;
    } else if (arg === '--help' || arg === '-h') {
      options.help = true;
    } else if (arg === '--only' || arg.startsWith('--only=')) {
      const next = argv[i + 1];
      const value =
        arg !== '--only'
          ? arg.slice('--only='.length)
          : next !== undefined && !next.startsWith('-')
            ? argv[++i]
            : undefined;
      if (value === undefined || value.trim() === '') {
        throw new UsageError(`--only needs a list of sections (${SECTIONS.join(', ')})`);
      }
      const names = value.split(',').map((s) => s.trim());
      const unknown = names.filter((name) => !isSection(name));
      if (unknown.length > 0) {
        throw new UsageError(
          `Unknown section(s) for --only: ${unknown.join(', ')} (expected ${SECTIONS.join(', ')})`,
        );
      }
      options.sections = SECTIONS.filter((s) => names.includes(s));
    } else {
      throw new UsageError(`Unknown flag: ${arg}`);
    }
  }
  return options;
}
