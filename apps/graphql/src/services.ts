/**
 * The GraphQL app's composition root: the use cases its resolvers call, built
 * once per process — the same domain functions REST calls.
 */
import { getMe, type AccessContext, type Me } from '@tessera/domain';
import { createUnitOfWork, ping, type Database } from '@tessera/persistence';

export interface GraphqlServices {
  me(access: AccessContext): Promise<Me>;
  /** The database answers: for /healthz. */
  ping(): Promise<void>;
}

export function createGraphqlServices({ db }: { db: Database }): GraphqlServices {
  const reads = createUnitOfWork(db).repositories;
  return {
    me: (access) => getMe(access, reads),
    ping: () => ping(db),
  };
}
