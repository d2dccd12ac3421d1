/**
 * Turns a resolver map into one that checks each field's declared action before its
 * resolver runs (field-needs.ts), with the one scope evaluator REST uses (`assertAllowed`):
 * a refused call is a FORBIDDEN error naming the action, for that field only.
 * - the declarations are checked against the schema first: a field that declares nothing
 *   stops the app at boot, as an undeclared REST route does;
 * - an `answer` (the Read a mutation's payload needs) is checked right after the action;
 * - only `action` fields are wrapped; `parent` and `public` fields keep their resolver (or
 *   graphql-js's default), so a large object costs one check, at the field that returned it.
 */
import { buildSchema, defaultFieldResolver, type GraphQLFieldResolver } from 'graphql';
import { assertAllowed, type AccessContext } from '@tessera/domain';
import { splitScopeAction } from '@tessera/http';
import { fieldNeedsProblems, type FieldNeedsMap } from './field-needs.js';

export type Resolver<C> = GraphQLFieldResolver<unknown, C>;
export type ResolverMap<C> = Readonly<Record<string, Readonly<Record<string, Resolver<C>>>>>;

/** Who calls, from the context; throws when the request names no caller (introspection by GET). */
export type CallerOf<C> = (context: C) => Pick<AccessContext, 'scopes' | 'account' | 'roles'>;

export interface GuardOptions<C> {
  typeDefs: string;
  resolvers: ResolverMap<C>;
  needs: FieldNeedsMap;
  callerOf: CallerOf<C>;
  /** Runs before each guarded field, before its scope check: throws when the call's time is up (limits/execution-deadline.ts). */
  beforeField?: (context: C) => void;
}

export function guardResolvers<C>({ typeDefs, resolvers, needs, callerOf, beforeField }: GuardOptions<C>): ResolverMap<C> {
  const problems = fieldNeedsProblems(buildSchema(typeDefs), needs);
  if (problems.length > 0) throw new Error(`The GraphQL schema does not say what its fields need:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  const guarded: Record<string, Record<string, Resolver<C>>> = {};
  for (const [type, fields] of Object.entries(resolvers)) guarded[type] = { ...fields };
  for (const [name, declared] of Object.entries(needs)) {
    if (!('action' in declared)) continue;
    const [type = '', field = ''] = name.split('.');
    const resolve: Resolver<C> = resolvers[type]?.[field] ?? defaultFieldResolver;
    const { recordType, operation } = splitScopeAction(declared.action);
    const answer = declared.answer && splitScopeAction(declared.answer);
    (guarded[type] ??= {})[field] = (source, args, context, info) => {
      beforeField?.(context);
      const caller = callerOf(context);
      assertAllowed(caller, recordType, operation);
      if (answer) assertAllowed(caller, answer.recordType, answer.operation);
      return resolve(source, args, context, info);
    };
  }
  return guarded;
}

