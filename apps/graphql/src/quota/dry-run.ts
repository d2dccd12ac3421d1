/**
 * `rateLimit(dryRun: true)` (issue 23, GitHub's form): what the query would cost, without
 * charging it and without running it.
 * - an operation is a dry run when one of its root fields is `rateLimit` with `dryRun` true
 *   (a literal, or a variable whose value is true);
 * - the call still counts as a request in the request-rate windows, at cost 0;
 * - only the operation's `rateLimit` root fields run (their aliases kept); no other field of
 *   the query is resolved, so `data` holds the rateLimit fields alone;
 * - its `rateLimit.cost` and `extensions.cost.requestedQueryCost` are what the query would cost.
 */
import { Kind, type DocumentNode, type FieldNode, type OperationDefinitionNode } from 'graphql';

const isRateLimitField = (selection: OperationDefinitionNode['selectionSet']['selections'][number]): selection is FieldNode =>
  selection.kind === Kind.FIELD && selection.name.value === 'rateLimit';

export function isDryRun(operation: OperationDefinitionNode | undefined, variables: Record<string, unknown> | undefined): boolean {
  if (!operation || operation.operation !== 'query') return false;
  return operation.selectionSet.selections.some((selection) => {
    if (!isRateLimitField(selection)) return false;
    const value = selection.arguments?.find((argument) => argument.name.value === 'dryRun')?.value;
    if (value?.kind === Kind.BOOLEAN) return value.value;
    return value?.kind === Kind.VARIABLE && variables?.[value.name.value] === true;
  });
}

/** The document with the operation reduced to its rateLimit root fields (fragments are not needed by them). */
export function dryRunDocument(operation: OperationDefinitionNode): DocumentNode {
  return {
    kind: Kind.DOCUMENT,
    definitions: [{ ...operation, selectionSet: { ...operation.selectionSet, selections: operation.selectionSet.selections.filter(isRateLimitField) } }],
  };
}
