/**
 * The SDL of a connection (contract of issue 12: `<Type>Connection` with nodes, edges,
 * pageInfo, totalCount; `<Type>Edge`; `<Type>Order` of an `<Type>OrderField` and a
 * direction; `<Type>Filter`) and what its fields need: parts of the connection the field
 * that returned it was checked for.
 */
import type { FieldNeeds, FieldNeedsMap } from '../field-needs.js';

const PART_OF_PAGE: FieldNeeds = { parent: 'part of the page the connection field returned, checked there' };

/** `createdAt` → `CREATED_AT`. */
export const orderEnumValue = (field: string): string => field.replace(/([a-z])([A-Z])/g, '$1_$2').toUpperCase();

/** `CREATED_AT` → `createdAt`. */
export const orderFieldOf = (value: string): string => value.toLowerCase().replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());

export interface ConnectionSdl {
  typeDefs: string;
  needs: FieldNeedsMap;
}

/** The types of `<type>Connection`; `filterFields` are input fields of `<type>Filter` (none: no filter type). */
export function connectionSdl(type: string, orderFields: readonly string[], filterFields: string | null): ConnectionSdl {
  const typeDefs = /* GraphQL */ `
    type ${type}Connection {
      nodes: [${type}!]!
      edges: [${type}Edge!]!
      pageInfo: PageInfo!
      "Records matching the filter, whatever the page."
      totalCount: Int!
    }
    type ${type}Edge {
      "Opaque; valid for this connection and order."
      cursor: String!
      node: ${type}!
    }
    enum ${type}OrderField {
      ${orderFields.map(orderEnumValue).join('\n      ')}
    }
    "The order of the connection; ties are broken by id in the same direction."
    input ${type}Order {
      field: ${type}OrderField!
      direction: OrderDirection! = ASC
    }
    ${filterFields ? `input ${type}Filter {\n${filterFields}\n}` : ''}
  `;
  const needs: Record<string, FieldNeeds> = {};
  for (const field of ['nodes', 'edges', 'pageInfo', 'totalCount']) needs[`${type}Connection.${field}`] = PART_OF_PAGE;
  for (const field of ['cursor', 'node']) needs[`${type}Edge.${field}`] = PART_OF_PAGE;
  return { typeDefs, needs };
}

/** The arguments of a connection field, in SDL. */
export const connectionArgs = (type: string, withFilter: boolean): string =>
  `first: Int, last: Int, after: String, before: String, ${withFilter ? `filter: ${type}Filter, ` : ''}order: ${type}Order`;
