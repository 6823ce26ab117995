import { AsyncLocalStorage } from 'node:async_hooks';
import type { Database, Transaction } from './database-types';

interface Ambient {
  tx: Transaction;
  /** false once the work is done: what still runs in its async context (a streamed body) uses the pool. */
  open: boolean;
}

const ambient = new AsyncLocalStorage<Ambient>();

/**
 * Runs `work` in one transaction that every statement made through `joiningAmbientTransaction(db)` in
 * the same async context joins: an audited request's change and its audit entry commit together or
 * not at all, without each repository method taking a transaction parameter. `db` is the pool itself.
 */
export function inAmbientTransaction<T>(db: Database, work: (tx: Transaction) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    const state: Ambient = { tx, open: true };
    try {
      return await ambient.run(state, () => work(tx));
    } finally {
      state.open = false;
    }
  });
}

/**
 * The database the repositories are built over: inside `inAmbientTransaction` its statements run in
 * that transaction (a repository's own `transaction()` becomes a savepoint in it), elsewhere on the pool.
 */
export function joiningAmbientTransaction(db: Database): Database {
  return new Proxy(db, {
    get(pool, property) {
      const state = ambient.getStore();
      const target: object = state?.open ? state.tx : pool;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
