/**
 * The schema is assembled from modules, one per area (me, connections of each record type,
 * mutations, quotas). Each brings its type definitions (`extend type` to add fields to a type
 * another module owns), its resolvers and what each of its fields needs (field-needs.ts).
 */
import type { FieldNeedsMap } from '../field-needs.js';
import type { ResolverMap } from '../guard-resolvers.js';
import type { GraphqlContext } from './graphql-context.js';

export interface SchemaModule {
  typeDefs: string;
  resolvers: ResolverMap<GraphqlContext>;
  needs: FieldNeedsMap;
}

/** One schema out of several modules; two modules declaring the same field is a mistake, caught here. */
export function combineSchemaModules(modules: readonly SchemaModule[]): SchemaModule {
  const resolvers: Record<string, Record<string, ResolverMap<GraphqlContext>[string][string]>> = {};
  const needs: Record<string, FieldNeedsMap[string]> = {};
  for (const module of modules) {
    for (const [type, fields] of Object.entries(module.resolvers)) {
      for (const [field, resolve] of Object.entries(fields)) {
        if (resolvers[type]?.[field]) throw new Error(`Two schema modules resolve ${type}.${field}`);
        (resolvers[type] ??= {})[field] = resolve;
      }
    }
    for (const [field, declared] of Object.entries(module.needs)) {
      if (needs[field]) throw new Error(`Two schema modules declare what ${field} needs`);
      needs[field] = declared;
    }
  }
  return { typeDefs: modules.map((module) => module.typeDefs).join('\n'), resolvers, needs };
}
