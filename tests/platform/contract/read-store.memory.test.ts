import { MemoryReadStore } from '../../../projections/read-store/memory';
import { describeReadStoreContract } from './read-store.contract';

describeReadStoreContract('memory', async () => {
  const store = new MemoryReadStore();
  return { store, dispose: () => store.close() };
});
