/**
 * For unit specs of use cases: a transaction made of the repository methods a
 * spec gives, in memory; any other method throws, naming itself, so a use case
 * that reaches for something the spec did not expect fails loudly.
 */
import type { Repositories, Transaction, UnitOfWork } from '../ports/unit-of-work.js';

type Partial2<T> = { [K in keyof T]?: T[K] extends object ? Partial<T[K]> : T[K] };
export type FakeParts = Partial2<Repositories> & Partial<Pick<Transaction, 'lock' | 'now'>>;

function strict<T extends object>(name: string, given: Partial<T> | undefined): T {
  return new Proxy((given ?? {}) as T, {
    get(target, key) {
      if (typeof key === 'symbol' || key === 'then') return Reflect.get(target, key);
      if (key in target) return Reflect.get(target, key);
      throw new Error(`the spec gave no ${name}.${key}`);
    },
  });
}

export function fakeTransaction(parts: FakeParts): Transaction {
  return new Proxy({} as Transaction, {
    get(_target, key) {
      if (typeof key === 'symbol' || key === 'then') return undefined;
      const given = (parts as Record<string, unknown>)[key];
      if (key === 'lock' || key === 'now') {
        if (!given) throw new Error(`the spec gave no ${key}()`);
        return given;
      }
      return strict(key, given as object | undefined);
    },
  });
}

export function fakeUnitOfWork(parts: FakeParts): UnitOfWork {
  const tx = fakeTransaction(parts);
  return { transaction: (work) => work(tx), repositories: tx };
}
