import { afterAll } from 'vitest';
import { MongoReadStore } from '../../../projections/read-store/mongodb';
import { describeReadStoreContract } from './read-store.contract';
import { startService } from '../../support/containers';

// MongoDB from MONGODB_URL, or a container when a Docker engine answers; else the suite is
// skipped with the printed reason.
const service = await startService('mongo');
afterAll(async () => {
  if ('stop' in service) await service.stop();
});
let databases = 0;

describeReadStoreContract(
  'mongodb',
  async () => {
    if (!('url' in service)) throw new Error('unreachable: the suite is skipped');
    // A database per test: tests never see each other's collections or checkpoints.
    const database = `vialtest_${process.pid}_${Date.now()}_${databases++}`;
    const store = await MongoReadStore.connect({ url: service.url, database });
    return {
      store,
      dispose: async () => {
        await store.dropDatabase();
        await store.close();
      },
    };
  },
  'skipReason' in service ? service.skipReason : undefined,
);
