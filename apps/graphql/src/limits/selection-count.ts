/**
 * How many selections (fields, inline fragments, fragment spreads, as graphql-query-complexity
 * counts them) each operation makes once its fragments are expanded, counted with each
 * fragment's size computed once: linear in the document, however the fragments nest. The
 * depth check (graphql-depth-limit) and the weighing (graphql-query-complexity) walk every
 * expansion; they run only on documents under the limit.
 */
import { GraphQLError, Kind, type DocumentNode, type FragmentDefinitionNode, type SelectionSetNode, type ValidationRule } from 'graphql';

/** The largest operation of the document, in expanded selections; null when a fragment is unknown or cyclic (graphql's own rules refuse those). */
export function largestExpandedOperation(document: DocumentNode): number | null {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  const sizes = new Map<string, number>();
  const active = new Set<string>();
  let sound = true;
  const sizeOf = (selectionSet: SelectionSetNode | undefined): number => {
    let total = 0;
    for (const selection of selectionSet?.selections ?? []) {
      if (selection.kind === Kind.FRAGMENT_SPREAD) total += 1 + fragmentSize(selection.name.value);
      else total += 1 + sizeOf(selection.selectionSet);
    }
    return total;
  };
  const fragmentSize = (name: string): number => {
    const known = sizes.get(name);
    if (known !== undefined) return known;
    const fragment = fragments.get(name);
    if (!fragment || active.has(name)) {
      sound = false;
      return 0;
    }
    active.add(name);
    const size = sizeOf(fragment.selectionSet);
    active.delete(name);
    sizes.set(name, size);
    return size;
  };
  let largest = 0;
  for (const definition of document.definitions) {
    if (definition.kind === Kind.OPERATION_DEFINITION) largest = Math.max(largest, sizeOf(definition.selectionSet));
  }
  for (const name of fragments.keys()) fragmentSize(name);
  return sound ? largest : null;
}

/** Validation rule: no operation makes more than `max` selections once its fragments are expanded. */
export function selectionsRule(max: number): ValidationRule {
  return (context) => {
    const largest = largestExpandedOperation(context.getDocument());
    if (largest !== null && largest > max) {
      context.reportError(new GraphQLError(`The query makes ${largest.toLocaleString('en-US')} selections once its fragments are expanded, more than the limit of ${max.toLocaleString('en-US')}.`));
    }
    return {};
  };
}
