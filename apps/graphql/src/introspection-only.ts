/**
 * SPEC.md "GraphQL endpoint": GET serves the schema (introspection only); only
 * POST carries queries and mutations. A document is introspection only when
 * every operation in it is a query whose root fields, through fragments too,
 * are `__schema`, `__type` or `__typename`.
 */
import { Kind, parse, type DocumentNode, type FragmentDefinitionNode, type SelectionSetNode } from 'graphql';

const INTROSPECTION_FIELDS = new Set(['__schema', '__type', '__typename']);

export function isIntrospectionOnly(query: unknown): boolean {
  if (typeof query !== 'string' || query.trim() === '') return false;
  let document: DocumentNode;
  try {
    document = parse(query);
  } catch {
    // Not GraphQL at all: nothing to introspect.
    return false;
  }
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  }
  const operations = document.definitions.filter((definition) => definition.kind === Kind.OPERATION_DEFINITION);
  return operations.length > 0 && operations.every((operation) => operation.operation === 'query' && rootIsIntrospection(operation.selectionSet, fragments, new Set()));
}

function rootIsIntrospection(selectionSet: SelectionSetNode, fragments: Map<string, FragmentDefinitionNode>, seen: Set<string>): boolean {
  return selectionSet.selections.every((selection) => {
    switch (selection.kind) {
      case Kind.FIELD:
        return INTROSPECTION_FIELDS.has(selection.name.value);
      case Kind.INLINE_FRAGMENT:
        return rootIsIntrospection(selection.selectionSet, fragments, seen);
      case Kind.FRAGMENT_SPREAD: {
        const name = selection.name.value;
        const fragment = fragments.get(name);
        // An unknown or cyclic fragment is left for validation to reject; it adds no data field here.
        if (!fragment || seen.has(name)) return true;
        return rootIsIntrospection(fragment.selectionSet, fragments, new Set([...seen, name]));
      }
    }
  });
}
