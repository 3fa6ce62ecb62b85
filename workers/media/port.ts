/** Media's port: the files store, opened and closed with the backend (`backend.mediaFiles`). */
import path from 'node:path';
import type { PortDeclaration } from '../bootstrap/capability';
import { required } from '../bootstrap/platform-config';
import { connectGridFsMediaFiles, createDiskMediaFiles, type MediaFiles } from './files';

/** The embedded profile's folder in DATA_DIR. */
export const MEDIA_FOLDER = 'media';

export const mediaFilesPort: PortDeclaration<MediaFiles> = {
  async open({ config }) {
    const files =
      config.PROFILE === 'embedded'
        ? createDiskMediaFiles(path.join(config.dataDir, MEDIA_FOLDER))
        : await connectGridFsMediaFiles(
            required(config.MONGODB_URL, 'MONGODB_URL'),
            config.MONGODB_DATABASE,
          );
    return { value: files, close: () => files.close() };
  },
};
