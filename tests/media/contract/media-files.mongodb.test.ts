import { afterAll } from 'vitest';
import { MongoClient } from 'mongodb';
import { createGridFsMediaFiles } from '../../../workers/media/gridfs';
import { startService } from '../../support/containers';
import { describeMediaFilesContract } from './media-files.contract';

// MongoDB from MONGODB_URL, or a container when a Docker engine answers; else the suite is
// skipped with the printed reason.
const service = await startService('mongo');
afterAll(async () => {
  if ('stop' in service) await service.stop();
});
let databases = 0;

describeMediaFilesContract(
  'mongodb (GridFS)',
  async () => {
    if (!('url' in service)) throw new Error('unreachable: the suite is skipped');
    // A database per test: tests never see each other's files.
    const client = await new MongoClient(service.url).connect();
    const db = client.db(`vialmedia_${process.pid}_${Date.now()}_${databases++}`);
    return {
      files: createGridFsMediaFiles(db),
      dispose: async () => {
        await db.dropDatabase();
        await client.close();
      },
    };
  },
  'skipReason' in service ? service.skipReason : undefined,
);
