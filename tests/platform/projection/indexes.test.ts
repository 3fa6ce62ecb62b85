/**
 * Read models declare the indexes their queries need (issue 9, item 15): the MongoDB adapter
 * creates them at start and on rebuilt collections before the swap; the memory adapter
 * accepts and ignores them.
 */
import { describe, expect, it } from 'vitest';
import { appProjectors } from '../../../workers/bootstrap/composition';
import { ensureProjectorIndexes } from '../../../projections/projector';
import { rebuild } from '../../../projections/rebuild';
import { MemoryReadStore } from '../../../projections/read-store/memory';
import type { IndexDeclaration } from '../../../projections/read-store/port';

class RecordingStore extends MemoryReadStore {
  readonly created: Array<{ collection: string } & IndexDeclaration> = [];
  override async ensureIndexes(collection: string, indexes: readonly IndexDeclaration[]) {
    for (const index of indexes) this.created.push({ collection, ...index });
  }
}

const has = (store: RecordingStore, collection: string, fields: object, unique?: boolean) =>
  store.created.some(
    (i) =>
      i.collection === collection &&
      JSON.stringify(i.fields) === JSON.stringify(fields) &&
      (unique === undefined || Boolean(i.unique) === unique),
  );

describe('read-model index declarations', () => {
  it('the audit log sort, the subscription and administrator lookups, post slugs and the inboxes are declared', async () => {
    const store = new RecordingStore();
    await ensureProjectorIndexes(store, appProjectors());
    expect(has(store, 'audit_log', { 'subject.id': 1, _id: -1 })).toBe(true);
    expect(has(store, 'audit_log', { 'actor.email': 1, _id: -1 })).toBe(true);
    expect(has(store, 'subscriptions', { email: 1 }, true)).toBe(true);
    expect(has(store, 'admin_users', { email: 1 }, true)).toBe(true);
    expect(has(store, 'blog_posts', { slug: 1 }, true)).toBe(true);
    expect(has(store, 'provider_submissions', { status: 1, sortKey: -1 })).toBe(true);
    expect(has(store, 'city_provider_records', { states: 1 })).toBe(true);
  });

  it('every declaration names a collection its projector writes', () => {
    for (const projector of appProjectors()) {
      for (const collection of Object.keys(projector.indexes ?? {})) {
        expect(projector.collections).toContain(collection);
      }
    }
  });

  it('a rebuild creates them on the rebuilt collections before swapping them in', async () => {
    const store = new RecordingStore();
    await rebuild(store, { readAll: async () => [] }, appProjectors());
    expect(has(store, 'audit_log__rebuild', { 'subject.id': 1, _id: -1 })).toBe(true);
  });

  it('the memory adapter accepts declarations and answers as before', async () => {
    const store = new MemoryReadStore();
    await store.ensureIndexes('audit_log', [{ fields: { sortKey: -1 } }]);
    await store.collection('audit_log').upsert({ _id: 'a', sortKey: '1' });
    expect(await store.collection('audit_log').find({}, { sort: { sortKey: -1 } })).toHaveLength(1);
  });
});
