import { describe, expect, it } from 'vitest';
import { parseFlags, UsageError } from '../../../api/cli/args';

const spec = { values: ['email'], booleans: ['password-stdin', 'help'] } as const;

describe('CLI flags', () => {
  it.each([
    [['--email', 'a@b.co'], { email: 'a@b.co' }, []],
    [['--email=a@b.co', '--password-stdin'], { email: 'a@b.co' }, ['password-stdin']],
    [['--help'], {}, ['help']],
    [[], {}, []],
  ])('parses %j', (argv, values, booleans) => {
    const parsed = parseFlags(argv, spec);
    expect(parsed.values).toEqual(values);
    expect([...parsed.booleans]).toEqual(booleans);
  });

  it.each([
    [['--nope'], 'Unknown option --nope'],
    [['--email'], '--email needs a value'],
    [['--email', '--help'], '--email needs a value'],
    [['--email='], '--email needs a value'],
    [['--help=yes'], '--help takes no value'],
    [['stray'], 'Unexpected argument "stray"'],
  ])('refuses %j with a message naming the problem', (argv, message) => {
    expect(() => parseFlags(argv, spec)).toThrow(new UsageError(message));
  });
});
