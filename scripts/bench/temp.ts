/** Temporary directories, removed at the end of the run (also after a failure). */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const created: string[] = [];

export function tempDir(label: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), `vialcompare-bench-${label}-`));
  created.push(dir);
  return dir;
}

export function removeTempDirs(): void {
  for (const dir of created.splice(0)) rmSync(dir, { recursive: true, force: true });
}
