/**
 * The SQL of the GraphQL requests page, as the app's reads run it, for the bare Express baseline
 * (graphql-bare-page.ts): the same use cases the graphql app's resolvers call (the root connection,
 * then the notes of the page's requests, their requesters and their teams, batched as the
 * app's loaders batch them), run once in the bench process while every statement sent to
 * PostgreSQL is recorded with its values. The baseline replays them on every call.
 */
import pg from 'pg';
import { authenticateCall, readConnection, readNestedConnections, readNodesByIds } from '@tessera/domain';
import { createAccessRepository, graphReads, type Database } from '@tessera/persistence';

export interface RecordedStatement {
  name?: string;
  text: string;
  values: unknown[];
}

/** Phases in order; the statements of one phase run together (the app's loaders send them in the same tick). */
export type PageStatements = RecordedStatement[][];

export async function recordPageStatements(db: Database, token: string, account: string): Promise<PageStatements> {
  const access = await authenticateCall({ authorization: `Bearer ${token}`, account }, createAccessRepository(db));
  const graph = graphReads(db);
  const root = await recorded(() => readConnection(access, 'Request', { first: 100 }, graph));
  const rows = root.result.nodes as unknown as Array<Record<string, unknown>>;
  const ids = (column: string) => [...new Set(rows.map((row) => row[column]).filter((id): id is number => typeof id === 'number'))];
  const nested = await recorded(() =>
    Promise.all([
      readNestedConnections(access, 'Request.notes', ids('id'), { first: 5 }, graph),
      readNodesByIds(access, 'Person', ids('requested_by_id'), graph),
      readNodesByIds(access, 'Team', ids('team_id'), graph),
    ]),
  );
  return [root.statements, nested.statements];
}

async function recorded<T>(work: () => Promise<T>): Promise<{ result: T; statements: RecordedStatement[] }> {
  const statements: RecordedStatement[] = [];
  const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const query = prototype.query;
  prototype.query = function (this: unknown, ...args: unknown[]) {
    const [config, values] = args as [string | { name?: string; text: string; values?: unknown[] }, unknown[] | undefined];
    if (typeof config === 'string') statements.push({ text: config, values: Array.isArray(values) ? values : [] });
    else statements.push({ ...(config.name ? { name: config.name } : {}), text: config.text, values: config.values ?? [] });
    return query.apply(this, args);
  };
  try {
    return { result: await work(), statements };
  } finally {
    prototype.query = query;
  }
}
