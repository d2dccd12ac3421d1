/**
 * Validation rule: a mutation operation runs at most `max` root fields (SPEC.md: 1 mutation per
 * request), counted through fragments and inline fragments; `__typename` is not a mutation.
 */
import { GraphQLError, Kind, type FragmentDefinitionNode, type SelectionSetNode, type ValidationRule } from 'graphql';

export function oneMutationRule(max: number): ValidationRule {
  return (context) => ({
    OperationDefinition(node) {
      if (node.operation !== 'mutation') return;
      const fragments = new Map(
        context
          .getDocument()
          .definitions.filter((definition): definition is FragmentDefinitionNode => definition.kind === Kind.FRAGMENT_DEFINITION)
          .map((fragment) => [fragment.name.value, fragment]),
      );
      // Fields of one response key are merged into one by execution, so they count once.
      const fields = [...new Set(rootFields(node.selectionSet, fragments, new Set()))];
      if (fields.length > max) {
        context.reportError(
          new GraphQLError(`A request may run only ${max === 1 ? 'one mutation' : `${max} mutations`}; this one asks for ${fields.length} (${fields.join(', ')}).`, { nodes: [node] }),
        );
      }
    },
  });
}

function rootFields(selectionSet: SelectionSetNode, fragments: Map<string, FragmentDefinitionNode>, seen: Set<string>): string[] {
  return selectionSet.selections.flatMap((selection) => {
    switch (selection.kind) {
      case Kind.FIELD:
        return selection.name.value === '__typename' ? [] : [selection.alias?.value ?? selection.name.value];
      case Kind.INLINE_FRAGMENT:
        return rootFields(selection.selectionSet, fragments, seen);
      case Kind.FRAGMENT_SPREAD: {
        const fragment = fragments.get(selection.name.value);
        // Unknown and cyclic fragments are refused by graphql's own rules.
        if (!fragment || seen.has(fragment.name.value)) return [];
        return rootFields(fragment.selectionSet, fragments, new Set([...seen, fragment.name.value]));
      }
    }
  });
}
