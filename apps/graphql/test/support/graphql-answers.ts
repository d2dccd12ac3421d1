import type { GraphqlHarness } from './graphql-harness.js';
import { postVars } from './reads-fixtures.js';

/**
 * The JSON answer to `query` with `variables`, posted with `token`. GraphQL answers 200 even when
 * a field is refused, so anything else is a failure of the call itself, not an answer to read.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each caller reads the fields its query asks for
export async function answerTo(g: GraphqlHarness, token: string, query: string, variables: Record<string, unknown>): Promise<any> {
  const reply = await postVars(g, token, query, variables);
  expect(reply.status).toBe(200);
  return reply.json();
}
