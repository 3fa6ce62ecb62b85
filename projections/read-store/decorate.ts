/**
 * A read store seen through a decorator of its collections (what the page cache's read
 * tracing, the runner's write recording and the sealed subscriber list each need): `wrap`
 * makes a collection's handle over the store's own, once per name until a drop or a rename
 * (null: the store's own handle is used); `overrides` replace some of the store's methods;
 * every other property is the store's own. A Proxy, so a store's methods beyond the port (a
 * memory store's `capture`) stay reachable through any number of decorators.
 */
import type { Collection, ReadStore } from './port';

type Overridable = Pick<
  ReadStore,
  'ensureIndexes' | 'drop' | 'rename' | 'getCheckpoint' | 'getCheckpoints'
>;

export function decorateCollections<S extends ReadStore>(
  store: S,
  wrap: (name: string, inner: Collection) => Collection | null,
  overrides: Partial<Overridable> = {},
): S {
  const handles = new Map<string, Collection>();
  const collection = (name: string): Collection => {
    let handle = handles.get(name);
    if (!handle) {
      const inner = store.collection(name);
      handle = wrap(name, inner) ?? inner;
      handles.set(name, handle);
    }
    return handle;
  };
  return new Proxy(store, {
    get(target, property) {
      if (property === 'collection') return collection;
      // A dropped or renamed collection's handle is made again (an adapter may cache per name).
      if (property === 'drop' || property === 'rename') handles.clear();
      const own = Object.hasOwn(overrides, property)
        ? overrides[property as keyof Overridable]
        : undefined;
      if (own) return own;
      const value: unknown = Reflect.get(target, property, target);
      // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- any method of the store, called on it
      return typeof value === 'function' ? (value as Function).bind(target) : value;
    },
  });
}
