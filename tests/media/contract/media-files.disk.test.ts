import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createDiskMediaFiles } from '../../../workers/media/files';
import { describeMediaFilesContract } from './media-files.contract';

describeMediaFilesContract('disk (DATA_DIR/media)', async () => {
  const root = mkdtempSync(path.join(tmpdir(), 'vial-media-files-'));
  return {
    files: createDiskMediaFiles(root),
    dispose: async () => rmSync(root, { recursive: true, force: true }),
  };
});

describe('Disk media files: the atomic write', () => {
  it('Given a put, when it has finished, then no temporary file is left beside the stored one', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'vial-media-files-'));
    try {
      const files = createDiskMediaFiles(root);
      await files.put('m1/320.webp', Buffer.from('bytes'), 'image/webp');
      expect(readdirSync(path.join(root, 'm1')).sort()).toEqual(['320.webp', '320.webp.type']);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
