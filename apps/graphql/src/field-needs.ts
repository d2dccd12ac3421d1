/**
 * What each GraphQL field needs (issue 8: every GraphQL field declares the action it needs;
 * SPEC.md "GraphQL API authentication" rule 3), the counterpart of a REST route's `needs`:
 * - `{ action: 'me:Read' }`: the caller's scopes must allow the action (conditions evaluated
 *   against the call's account and roles) before the resolver runs — a field that reads or
 *   writes a record, at the root or under another record; a mutation whose payload holds a
 *   record adds `answer: '<record type>:Read'` (issue 18, the events intake's rule): the
 *   payload shows the record, so the Read is checked too, before anything is written;
 * - `{ parent: why }`: a part of the record its parent field returned, which was checked
 *   there (`Person.name` under `me`); never a root field, which has no parent;
 * - `{ public: why }`: nobody needs anything, and the reason says why;
 * - `{ byResolver: why }`: the action depends on what the field finds (`node(id:)` needs Read
 *   on the type of the node it found), so the resolver checks it, and the reason says how.
 * `fieldNeedsProblems` walks the schema: every field of every object type reachable from the
 * root types declares one of these, every declaration names a field that exists, and every
 * mutation whose payload holds a node declares the Read of its answer.
 */
import { isInterfaceType, isObjectType, isUnionType, getNamedType, type GraphQLNamedType, type GraphQLObjectType, type GraphQLOutputType, type GraphQLSchema } from 'graphql';
import { scopeActionError, type ScopeOperation } from '@tessera/domain';

/** One action a field performs: `<record type>:<operation>`, no wildcard. */
export type FieldAction = `${string}:${ScopeOperation}`;

export type FieldNeeds = { action: FieldAction; answer?: `${string}:Read` } | { parent: string } | { public: string } | { byResolver: string };

/** Declarations keyed `Type.field`, as graphql-js names a field in its errors. */
export type FieldNeedsMap = Readonly<Record<string, FieldNeeds>>;

/** The object types a query can reach: the roots, the types their fields return, interface implementations and union members. */
export function reachableObjectTypes(schema: GraphQLSchema): GraphQLObjectType[] {
  const roots = [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()].filter((root) => root != null);
  const seen = new Set<string>();
  const objects: GraphQLObjectType[] = [];
  const visit = (type: GraphQLNamedType): void => {
    if (seen.has(type.name) || type.name.startsWith('__')) return;
    seen.add(type.name);
    if (isObjectType(type)) {
      objects.push(type);
      for (const field of Object.values(type.getFields())) visit(getNamedType(field.type));
      for (const implemented of type.getInterfaces()) visit(implemented);
    } else if (isInterfaceType(type)) {
      for (const field of Object.values(type.getFields())) visit(getNamedType(field.type));
      for (const possible of schema.getPossibleTypes(type)) visit(possible);
    } else if (isUnionType(type)) {
      for (const member of type.getTypes()) visit(member);
    }
  };
  for (const root of roots) visit(root);
  return objects;
}

/** What is wrong with the declarations for this schema; empty when every field says what it needs. */
export function fieldNeedsProblems(schema: GraphQLSchema, declarations: FieldNeedsMap): string[] {
  const problems: string[] = [];
  const rootNames = new Set([schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()].flatMap((root) => (root ? [root.name] : [])));
  const fieldsSeen = new Set<string>();
  for (const type of reachableObjectTypes(schema)) {
    for (const field of Object.keys(type.getFields())) {
      const name = `${type.name}.${field}`;
      fieldsSeen.add(name);
      const needs = declarations[name];
      if (!needs) problems.push(`${name} declares nothing it needs`);
      else problems.push(...declarationProblems(name, needs, rootNames.has(type.name)));
      if (type === schema.getMutationType() && needs && !('action' in needs && needs.answer) && answersNode(type.getFields()[field]!.type)) {
        problems.push(`${name} answers a record but declares no answer (the Read of that record)`);
      }
    }
  }
  for (const name of Object.keys(declarations)) {
    if (!fieldsSeen.has(name)) problems.push(`${name} is declared but no reachable type has that field`);
  }
  return problems;
}

/** Whether a mutation answers a record: its type is a node, or its payload has a field of a node type. */
function answersNode(type: GraphQLOutputType): boolean {
  const answered = getNamedType(type);
  if (isNode(answered)) return true;
  return isObjectType(answered) && Object.values(answered.getFields()).some((field) => isNode(getNamedType(field.type)));
}

function isNode(type: GraphQLNamedType): boolean {
  return (isObjectType(type) || isInterfaceType(type)) && (type.name === 'Node' || type.getInterfaces().some((implemented) => implemented.name === 'Node'));
}

function actionProblem(action: string): string | null {
  return scopeActionError(action) ?? (action.includes('*') ? 'a field names the one action it performs, without a wildcard' : null);
}

function declarationProblems(name: string, needs: FieldNeeds, onRoot: boolean): string[] {
  if ('action' in needs) {
    const error = actionProblem(needs.action);
    const problems = error ? [`${name} has a malformed action '${needs.action}': ${error}`] : [];
    if (needs.answer !== undefined) {
      const answerError = actionProblem(needs.answer) ?? (needs.answer.endsWith(':Read') ? null : 'the answer needs a Read');
      if (answerError) problems.push(`${name} has a malformed answer action '${needs.answer}': ${answerError}`);
    }
    return problems;
  }
  if ('parent' in needs) {
    if (onRoot) return [`${name} is a root field: it has no parent to be checked by`];
    return needs.parent.trim() ? [] : [`${name} relies on its parent without saying why`];
  }
  if ('byResolver' in needs) return needs.byResolver.trim() ? [] : [`${name} is checked by its resolver without saying how`];
  return needs.public.trim() ? [] : [`${name} is public without saying why`];
}
