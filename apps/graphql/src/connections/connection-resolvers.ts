/**
 * Resolvers every record module shares: root connections through the domain use case,
 * nested connections and single references through this request's batch loaders, node
 * IDs and dates. Resolvers only translate; the use cases check access and scope.
 */
import { encodeNodeId, type ConnectionArgs, type FilterInput, type NestedEdge, type NodeKind } from '@tessera/domain';
import type { Resolver } from '../guard-resolvers.js';
import { caller, type GraphqlContext } from '../schema/graphql-context.js';
import { orderFieldOf } from './connection-sdl.js';

export interface GraphqlConnectionArgs {
  first?: number | null;
  last?: number | null;
  after?: string | null;
  before?: string | null;
  filter?: FilterInput | null;
  order?: { field: string; direction: 'ASC' | 'DESC' } | null;
  /** A predefined filter, as its enum spells it (`INACTIVE`). */
  view?: string | null;
}

export function toConnectionArgs(args: GraphqlConnectionArgs): ConnectionArgs {
  return {
    first: args.first,
    last: args.last,
    after: args.after,
    before: args.before,
    filter: args.filter ?? null,
    order: args.order ? { field: orderFieldOf(args.order.field), direction: args.order.direction } : null,
    view: args.view ? args.view.toLowerCase() : null,
  };
}

type R = Resolver<GraphqlContext>;

export const rootConnection = (kind: NodeKind): R => (_parent, args, context) =>
  context.services.connection(caller(context), kind, toConnectionArgs(args as GraphqlConnectionArgs));

export const nestedConnection = (edge: NestedEdge): R => (parent, args, context) =>
  context.loaders.nested(edge, toConnectionArgs(args as GraphqlConnectionArgs)).load((parent as { id: number }).id);

/** A reference by id (`requested_by_id` → Person), batched per type for the whole request; null when absent or not readable. */
export const reference = (kind: NodeKind, column: string): R => (parent, _args, context) => {
  const id = (parent as Record<string, unknown>)[column];
  return typeof id === 'number' ? context.loaders.byId(kind).load(id) : null;
};

export const nodeId = (kind: NodeKind): R => (parent) => encodeNodeId(kind, (parent as { id: number }).id);

export const dbId: R = (parent) => (parent as { id: number }).id;

/** A stored column under another name. */
export const column = (name: string): R => (parent) => (parent as Record<string, unknown>)[name] ?? null;

/** A timestamp column as ISO 8601. */
export const isoDate = (name: string): R => (parent) => {
  const value = (parent as Record<string, unknown>)[name];
  if (value === null || value === undefined) return null;
  return value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString();
};
