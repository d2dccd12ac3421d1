/**
 * `node(id:)` and `nodes(ids:)` (SPEC.md GraphQL endpoint rule 4, "Global node ID"): any record
 * by its global node ID. A malformed ID, an unknown type, a number no record can have, a record
 * of another account or out of the caller's read scope all answer null, alike; the caller needs Read on the type the
 * ID names (the use case checks it, as for that type's connection). Lookups of one request
 * are batched per type through the loaders.
 */
import { decodeNodeId, NODE_KINDS, validationFailed, type NodeKind } from '@tessera/domain';
import { markNodeKind, nodeKindOf } from '../connections/node-kinds.js';
import type { GraphqlContext } from './graphql-context.js';
import { caller } from './graphql-context.js';
import type { SchemaModule } from './schema-module.js';
import { MAX_LISTED_IDS as MAX_NODE_IDS } from '../limits/query-weight.js';

async function lookUp(context: GraphqlContext, id: string): Promise<object | null> {
  caller(context);
  const ref = decodeNodeId(id);
  if (!ref || ref.id === null || !NODE_KINDS.includes(ref.type as NodeKind)) return null;
  const kind = ref.type as NodeKind;
  const node = await context.loaders.byId(kind).load(ref.id);
  return node ? markNodeKind(node, kind) : null;
}

export const nodeModule: SchemaModule = {
  typeDefs: /* GraphQL */ `
    extend type Query {
      "The record with this global node ID; null when there is none the caller may see."
      node(id: ID!): Node
      "The records with these IDs (at most ${MAX_NODE_IDS}), in the same order; null for each the caller may not see."
      nodes(ids: [ID!]!): [Node]!
    }
  `,
  needs: {
    'Query.node': { byResolver: 'Read on the type the ID names, checked by the use case for the type found' },
    'Query.nodes': { byResolver: 'Read on the type each ID names, checked by the use case for each type found' },
  },
  resolvers: {
    Query: {
      node: (_parent, args, context) => lookUp(context, (args as { id: string }).id),
      nodes: (_parent, args, context) => {
        // More than MAX_NODE_IDS is refused with the operation's weight, before anything is
        // charged; this stays for a schema served without the limits plugin.
        const { ids } = args as { ids: string[] };
        if (ids.length > MAX_NODE_IDS) throw validationFailed([['ids', `At most ${MAX_NODE_IDS} IDs`]]);
        return ids.map((id) => lookUp(context, id));
      },
    },
    Node: {
      __resolveType: (node) => nodeKindOf(node as object),
    },
  },
};
