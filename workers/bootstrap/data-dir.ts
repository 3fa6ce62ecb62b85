/**
 * DATA_DIR made ready once, at start, before anything opens a file in it: created folder by
 * folder, then checked to be a writable folder. A DATA_DIR that cannot be one stops the process
 * with a ConfigError naming the variable, the folder and why.
 *
 * Not `mkdirSync(dir, { recursive: true })`: on Node 20 that never returns for a path under
 * /proc (`DATA_DIR=/proc/x`), spinning at 100 % CPU and deaf to SIGTERM, with nothing logged.
 * One folder at a time, each mkdir answers at once (ENOENT, EACCES, ENOTDIR...).
 */
import { accessSync, constants, mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { ConfigError } from './platform-config';

const REASONS: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'the file system is read-only',
  ENOENT: 'the file system does not allow folders there',
  ENOTDIR: 'a file is in the way',
  ENOSPC: 'the disk is full',
};

const reasonOf = (error: unknown): string => {
  const code = (error as NodeJS.ErrnoException).code ?? '';
  return REASONS[code] ?? (code || String(error));
};

function refuse(problem: string): never {
  throw new ConfigError([`DATA_DIR: ${problem}`]);
}

/** Creates `dir` (absolute) and its missing parents, and checks it is a writable folder. */
export function prepareDataDir(dir: string): void {
  const { root } = path.parse(dir);
  let current = root;
  for (const segment of path.relative(root, dir).split(path.sep).filter(Boolean)) {
    current = path.join(current, segment);
    let isFolder: boolean;
    try {
      isFolder = statSync(current).isDirectory();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
        refuse(`cannot read ${current} (${reasonOf(error)})`);
      }
      try {
        mkdirSync(current);
        continue;
      } catch (made) {
        // Another process made it meanwhile: fine, checked below like any other folder.
        if ((made as NodeJS.ErrnoException).code !== 'EEXIST') {
          refuse(`cannot create the folder ${current} (${reasonOf(made)})`);
        }
        isFolder = statSync(current).isDirectory();
      }
    }
    if (!isFolder) refuse(`${current} is a file, not a folder`);
  }
  try {
    accessSync(dir, constants.R_OK | constants.W_OK | constants.X_OK);
  } catch (error) {
    refuse(`the folder ${dir} cannot be written (${reasonOf(error)})`);
  }
}
