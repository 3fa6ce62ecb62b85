/**
 * npm run admin:create -- --email you@example.com [--password-stdin]
 *
 * Registers an administrator from a terminal (the alternative to the first-start setup link).
 * The password is asked twice without echo, or read from the first line of standard input
 * with --password-stdin (for scripts). Nothing is stored in plain text: the command carries
 * only the scrypt hash, and the event records who created the account ('cli').
 */
import { randomUUID } from 'node:crypto';
import { createInterface } from 'node:readline';
import { CommandValidationError, DecisionError } from '../../commands';
import { hashPassword, validatePasswordStrength } from '../auth/password';
import { appCommandBus, openEventLog } from '../../workers/bootstrap/composition';
import { loadStartConfig } from '../../workers/bootstrap/config';
import { parseFlags, UsageError } from './args';
import { runCli } from './run';
import { runningServer } from '../../workers/bootstrap/running-server';

const USAGE = `Usage: npm run admin:create -- --email <address> [--password-stdin]

  --email <address>   the administrator's e-mail (asked for when omitted in a terminal)
  --password-stdin    read the password from the first line of standard input
  --help              show this help

Environment: the same as the server (PROFILE, DATA_DIR, EVENTSTORE_URL...).`;

async function readFirstLine(input: NodeJS.ReadableStream): Promise<string> {
  const rl = createInterface({ input, terminal: false });
  for await (const line of rl) {
    rl.close();
    return line;
  }
  return '';
}

/** Asks a question on the terminal; with `hidden`, typed characters are not echoed. */
function ask(question: string, hidden = false): Promise<string> {
  return new Promise((resolve) => {
    const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
    if (hidden) {
      // readline echoes through _writeToOutput; print the prompt only.
      const output = rl as unknown as { _writeToOutput: (text: string) => void };
      output._writeToOutput = (text: string) => {
        if (text.startsWith(question)) process.stdout.write(question);
      };
    }
    rl.question(question, (answer) => {
      rl.close();
      if (hidden) process.stdout.write('\n');
      resolve(answer);
    });
  });
}

async function main(argv: string[]): Promise<number> {
  const { values, booleans } = parseFlags(argv, {
    values: ['email'],
    booleans: ['password-stdin', 'help'],
  });
  if (booleans.has('help')) {
    console.log(USAGE);
    return 0;
  }
  const interactive = process.stdin.isTTY === true;

  let email = values.email?.trim();
  if (!email) {
    if (!interactive) throw new UsageError('--email is required');
    email = (await ask('E-mail: ')).trim();
  }

  let password: string;
  if (booleans.has('password-stdin')) {
    password = (await readFirstLine(process.stdin)).trim();
  } else if (interactive) {
    password = (await ask('Password: ', true)).trim();
    const again = (await ask('Confirm password: ', true)).trim();
    if (again !== password) throw new UsageError('Passwords do not match');
  } else {
    throw new UsageError('No password: pipe it with --password-stdin, or run in a terminal');
  }
  const strength = validatePasswordStrength(password, { email });
  if (!strength.ok) throw new UsageError(strength.message);

  const config = loadStartConfig(process.env);
  const eventStore = await openEventLog(config);
  try {
    const bus = appCommandBus(eventStore);
    const result = await bus.dispatch(
      { type: 'RegisterAdmin', email, passwordHash: await hashPassword(password) },
      { actor: { kind: 'system', id: 'cli' }, correlationId: `cli-${randomUUID()}` },
    );
    console.log(`Administrator ${email.toLowerCase()} created (id ${result.id}).`);
    // Where the server running on this data directory says it is served (its PORT, not this
    // command's default); its own settings when none runs (or on the distributed profile).
    const served =
      config.PROFILE === 'embedded' ? runningServer(config.dataDir)?.publicUrl : undefined;
    console.log(`Sign in at ${served ?? config.publicUrl}/admin/login`);
    return 0;
  } finally {
    await eventStore.close();
  }
}

runCli(main, {
  usage: USAGE,
  failure: 'Could not create the administrator',
  explain: (error) => {
    if (error instanceof CommandValidationError) {
      return { code: 2, message: Object.values(error.fields).join('; ') || error.message };
    }
    return error instanceof DecisionError ? { code: 1, message: error.message } : null;
  },
});
