/**
 * The batch loaders of one GraphQL request: nested references of a page are read
 * with one query per field and level, not one per parent (DataLoader).
 * - `byId(kind)`: records of one type by id (references, node lookup);
 * - `nested(edge, args)`: the connection under each parent, one loader per field and
 *   arguments, so a page of 100 parents costs one statement.
 * Loaders are made on first use; their caches live as long as the request.
 */
import DataLoader from 'dataloader';
import { unauthorized, type AccessContext, type Connection, type ConnectionArgs, type GraphNodes, type NestedEdge, type NestedEdges, type NodeKind } from '@tessera/domain';
import type { GraphqlServices } from '../services.js';

export interface GraphqlLoaders {
  byId<K extends NodeKind>(kind: K): DataLoader<number, GraphNodes[K] | null>;
  nested<E extends NestedEdge>(edge: E, args: ConnectionArgs): DataLoader<number, Connection<NestedEdges[E]>>;
}

export function createGraphqlLoaders(services: GraphqlServices, access: AccessContext | null): GraphqlLoaders {
  const caller = (): AccessContext => {
    if (!access) throw unauthorized('This needs the X-Service-Account header and a POST request');
    return access;
  };
  const byKind = new Map<NodeKind, DataLoader<number, unknown>>();
  const byEdge = new Map<string, DataLoader<number, unknown>>();
  return {
    byId<K extends NodeKind>(kind: K) {
      let loader = byKind.get(kind);
      if (!loader) {
        loader = new DataLoader<number, unknown>(async (ids) => {
          const found = new Map<number, unknown>((await services.nodesByIds(caller(), kind, ids)).map((node) => [node.id, node]));
          return ids.map((id) => found.get(id) ?? null);
        }, { maxBatchSize: 1000 });
        byKind.set(kind, loader);
      }
      return loader as DataLoader<number, GraphNodes[K] | null>;
    },
    nested<E extends NestedEdge>(edge: E, args: ConnectionArgs) {
      const key = loaderKey(edge, args);
      let loader = byEdge.get(key);
      if (!loader) {
        loader = new DataLoader<number, unknown>(async (parentIds) => {
          const pages = await services.nestedConnections(caller(), edge, parentIds, args);
          return parentIds.map((id) => pages.get(id)!);
        }, { maxBatchSize: 1000 });
        byEdge.set(key, loader);
      }
      return loader as DataLoader<number, Connection<NestedEdges[E]>>;
    },
  };
}

/**
 * One loader per field and arguments. Asked once per parent (100 times for a page of 100), so the
 * common arguments (sizes and an order, both numbers or enum names) make the key without JSON;
 * cursors and filters, any text, go through JSON under another prefix, so no two keys meet.
 */
function loaderKey(edge: NestedEdge, args: ConnectionArgs): string {
  if (args.after || args.before || args.filter) return `j ${edge} ${JSON.stringify(args)}`;
  return `s ${edge} ${args.first ?? '-'} ${args.last ?? '-'} ${args.order ? `${args.order.field} ${args.order.direction}` : '-'}`;
}
