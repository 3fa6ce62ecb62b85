import { afterAll } from 'vitest';
import { MongoSubscriberKeyStore } from '../../../commands/newsletter';
import { describeKeyStoreContract } from './key-store.contract';
import { startService } from '../../support/containers';

// MongoDB from MONGODB_URL, or a container when a Docker engine answers; else the suite is
// skipped with the printed reason.
const service = await startService('mongo');
afterAll(async () => {
  if ('stop' in service) await service.stop();
});
let collections = 0;

describeKeyStoreContract(
  'mongodb',
  async () => {
    if (!('url' in service)) throw new Error('unreachable: the suite is skipped');
    const store = await MongoSubscriberKeyStore.connect({
      url: service.url,
      database: `vialtest_keys_${process.pid}`,
      collection: `subscriber_keys_${Date.now()}_${collections++}`,
    });
    return {
      store,
      dispose: async () => {
        await store.drop();
        await store.close();
      },
    };
  },
  'skipReason' in service ? service.skipReason : undefined,
);
