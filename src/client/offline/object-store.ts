/**
 * One IndexedDB object store of this site, opened once per page (or worker) and used a transaction at a time. Every
 * change resolves once its transaction has committed, so a reload straight after finds it.
 */
export interface ObjectStore<T> {
  all(): Promise<T[]>;
  get(key: string): Promise<T | undefined>;
  put(value: T): Promise<void>;
  delete(key: string): Promise<void>;
  clear(): Promise<void>;
}

/** `stores`: every store of the database with its key path, created when the database is first made. */
export function objectStores<Names extends string>(name: string, stores: Record<Names, string>): <T>(store: Names) => ObjectStore<T> {
  let opening: Promise<IDBDatabase> | null = null;
  const database = () =>
    (opening ??= new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(name, 1);
      request.onupgradeneeded = () => {
        for (const [store, keyPath] of Object.entries<string>(stores)) request.result.createObjectStore(store, { keyPath });
      };
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    }).catch((error: unknown) => {
      opening = null;
      throw error;
    }));

  return <T>(store: Names): ObjectStore<T> => {
    const run = async <R>(mode: IDBTransactionMode, work: (s: IDBObjectStore) => IDBRequest<R>): Promise<R> => {
      const db = await database();
      return new Promise<R>((resolve, reject) => {
        const tx = db.transaction(store, mode);
        const request = work(tx.objectStore(store));
        tx.oncomplete = () => resolve(request.result);
        tx.onerror = () => reject(tx.error);
        tx.onabort = () => reject(tx.error);
      });
    };
    return {
      all: () => run('readonly', (s) => s.getAll() as IDBRequest<T[]>),
      get: (key) => run('readonly', (s) => s.get(key) as IDBRequest<T | undefined>),
      put: async (value) => void (await run('readwrite', (s) => s.put(value))),
      delete: async (key) => void (await run('readwrite', (s) => s.delete(key))),
      clear: async () => void (await run('readwrite', (s) => s.clear())),
    };
  };
}
