/**
 * What GraphQL's connection of a record of the engine offers: the same sorts and filters as
 * its REST collection (the `collection` facets of its declaration), by their GraphQL names.
 * A reference filters by node IDs of its target; datetimes and ids, which REST filters by
 * range, have no GraphQL filter kind (a record is read by its node ID).
 */
import type { FilterKind, GraphReadRule } from '../connections/graph-read-rule.js';
import { NODE_KINDS, type NodeKind } from '../connections/graph-nodes.js';
import { graphqlNameOf, readNameOf } from '../records/record-fields.js';
import { assertAllowed } from '../scopes/evaluate-scopes.js';
import { collectionViews, type RecordDefinition } from './define-record.js';

/** A connection field: its GraphQL name and the declared field it stands for. */
export type GraphField = [graphql: string, field: string];

/** The GraphQL name of each declared field a connection orders or filters by, as REST's collection allows. */
export function recordGraphFields(def: RecordDefinition): { orders: GraphField[]; filters: Array<[...GraphField, FilterKind]> } {
  const orders: GraphField[] = [];
  const filters: Array<[...GraphField, FilterKind]> = [];
  for (const [name, field] of Object.entries(def.fields.fields)) {
    const read = readNameOf(name, field);
    if (read === null || (field.graphql === false && name !== 'id')) continue;
    const graphql = name === 'id' ? 'id' : graphqlNameOf(name, field)!;
    if (field.collection?.sort) orders.push([graphql, name]);
    if (!field.collection?.filter) continue;
    if (field.type === 'text' || field.type === 'enum') filters.push([graphql, name, 'text']);
    else if (field.type === 'boolean') filters.push([graphql, name, 'flag']);
    else if (field.type === 'reference' && NODE_KINDS.includes(field.target as NodeKind)) filters.push([graphql, name, `node:${field.target as NodeKind}`]);
  }
  return { orders: [...orders.filter(([graphql]) => graphql === 'id'), ...orders.filter(([graphql]) => graphql !== 'id')], filters };
}

export function recordReadRule(def: RecordDefinition): GraphReadRule {
  const { orders, filters } = recordGraphFields(def);
  return {
    assertReader: (access) => assertAllowed(access, def.noun, 'Read'),
    orderFields: orders.map(([graphql]) => graphql),
    defaultOrder: { field: 'id', direction: 'ASC' },
    filters: Object.fromEntries(filters.map(([graphql, , kind]) => [graphql, kind])),
    ...(collectionViews(def).length === 0 ? {} : { views: collectionViews(def) }),
  };
}
