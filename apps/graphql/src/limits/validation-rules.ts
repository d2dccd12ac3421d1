/**
 * The limits Apollo checks while it validates a document (`validationRules`), before anything
 * runs. What needs the variables (their first/last values, the node count, the cost) is checked
 * by the limits plugin once they are known, still before execution (quota/limits-plugin.ts).
 * Apollo answers these errors with HTTP 400 and `extensions.code: GRAPHQL_VALIDATION_FAILED`.
 */
import type { ValidationRule } from 'graphql';
import { depthRule } from './depth-rule.js';
import type { GraphqlLimits } from './graphql-limits.js';
import { oneMutationRule } from './one-mutation-rule.js';
import { paginationRule } from './pagination-rule.js';
import { selectionsRule } from './selection-count.js';

export function limitValidationRules(limits: Pick<GraphqlLimits, 'maxPageSize' | 'maxDepth' | 'maxSelections' | 'maxMutationsPerRequest'>): ValidationRule[] {
  return [
    selectionsRule(limits.maxSelections),
    paginationRule(limits.maxPageSize),
    depthRule(limits.maxDepth, limits.maxSelections),
    oneMutationRule(limits.maxMutationsPerRequest),
  ];
}
