/** Media's port: the files store, opened and closed with the backend (`backend.mediaFiles`). */
import path from 'node:path';
import type { PortDeclaration } from '../bootstrap/capability';
import { required } from '../bootstrap/platform-config';
import { createDiskMediaFiles, type MediaFiles } from './files';

/** The embedded profile's folder in DATA_DIR. */
export const MEDIA_FOLDER = 'media';

export const mediaFilesPort: PortDeclaration<MediaFiles> = {
  async open({ config }) {
    let files: MediaFiles;
    if (config.PROFILE === 'embedded') {
      files = createDiskMediaFiles(path.join(config.dataDir, MEDIA_FOLDER));
    } else {
      // Imported here only: the embedded profile never loads the MongoDB driver.
      const { connectGridFsMediaFiles } = await import('./gridfs');
      files = await connectGridFsMediaFiles(
        required(config.MONGODB_URL, 'MONGODB_URL'),
        config.MONGODB_DATABASE,
      );
    }
    return { value: files, close: () => files.close() };
  },
};
