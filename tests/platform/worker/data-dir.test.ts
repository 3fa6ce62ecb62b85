/**
 * DATA_DIR at start: made (with its missing parents) when it can be, refused with a message
 * naming the variable, the folder and why when it cannot, and never a hang.
 */
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { prepareDataDir } from '../../../workers/bootstrap/data-dir';
import { ConfigError } from '../../../workers/bootstrap/platform-config';

const base = mkdtempSync(path.join(tmpdir(), 'vial-data-dir-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

function problemOf(dir: string): string | null {
  try {
    prepareDataDir(dir);
    return null;
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return error.problems.join('\n');
  }
}

describe('a DATA_DIR that can be a folder', () => {
  it('is created with its missing parents', () => {
    const dir = path.join(base, 'a', 'b', 'c');
    expect(problemOf(dir)).toBeNull();
    expect(statSync(dir).isDirectory()).toBe(true);
  });

  it('is left as it is when it exists', () => {
    const dir = path.join(base, 'kept');
    expect(problemOf(dir)).toBeNull();
    writeFileSync(path.join(dir, 'events.sqlite'), 'x');
    expect(problemOf(dir)).toBeNull();
    expect(existsSync(path.join(dir, 'events.sqlite'))).toBe(true);
  });
});

describe('a DATA_DIR that cannot', () => {
  it('names the file in the way', () => {
    const file = path.join(base, 'a-file');
    writeFileSync(file, 'not a folder');
    expect(problemOf(path.join(file, 'data'))).toBe(`DATA_DIR: ${file} is a file, not a folder`);
    expect(problemOf(file)).toBe(`DATA_DIR: ${file} is a file, not a folder`);
  });

  // Node 20's recursive mkdir never returns there (a start hung at 100 % CPU, deaf to SIGTERM).
  it.runIf(existsSync('/proc/self'))('says /proc takes no folders', () => {
    expect(problemOf('/proc/vial-data/x')).toBe(
      'DATA_DIR: cannot create the folder /proc/vial-data (the file system does not allow folders there)',
    );
  });
});
