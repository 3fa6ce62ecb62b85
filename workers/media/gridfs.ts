/**
 * The distributed profile's media files store: MongoDB GridFS (see ./files.ts). A module of its
 * own, imported only when that profile opens it: the embedded profile never loads the MongoDB
 * driver (~110 ms of every start).
 */
import { GridFSBucket, MongoClient, type Db } from 'mongodb';
import { checkKey, type MediaFiles } from './files';

export const GRIDFS_BUCKET = 'media';

/** GridFS in `db`: one file per key (a put replaces the older revisions once the new is in). */
export function createGridFsMediaFiles(db: Db, onClose: () => Promise<void> = async () => {}) {
  const bucket = new GridFSBucket(db, { bucketName: GRIDFS_BUCKET });
  const revisions = (key: string) =>
    bucket.find({ filename: checkKey(key) }, { sort: { uploadDate: -1, _id: -1 } }).toArray();
  const files: MediaFiles = {
    async put(key, bytes, contentType) {
      checkKey(key);
      const upload = bucket.openUploadStream(key, { metadata: { contentType } });
      await new Promise<void>((resolve, reject) => {
        upload.once('finish', () => resolve());
        upload.once('error', reject);
        upload.end(bytes);
      });
      const older = (await revisions(key)).filter((file) => !file._id.equals(upload.id));
      await Promise.all(older.map((file) => bucket.delete(file._id)));
    },
    async get(key) {
      const [latest] = await revisions(key);
      if (!latest) return null;
      const chunks: Buffer[] = [];
      for await (const chunk of bucket.openDownloadStream(latest._id)) chunks.push(chunk as Buffer);
      const contentType = (latest.metadata as { contentType?: unknown } | undefined)?.contentType;
      return {
        bytes: Buffer.concat(chunks),
        contentType: typeof contentType === 'string' ? contentType : 'application/octet-stream',
      };
    },
    async delete(key) {
      const all = await revisions(key);
      await Promise.all(all.map((file) => bucket.delete(file._id)));
    },
    close: onClose,
  };
  return files;
}

/** GridFS over its own connection (closed with the store). */
export async function connectGridFsMediaFiles(url: string, database: string): Promise<MediaFiles> {
  const client = new MongoClient(url);
  await client.connect();
  return createGridFsMediaFiles(client.db(database), () => client.close());
}
