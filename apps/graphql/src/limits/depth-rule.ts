/**
 * Validation rule: the depth limit of graphql-depth-limit (introspection fields, `__*`, are not
 * counted, so GraphiQL's introspection query passes), with a message that names the limit.
 * graphql-depth-limit follows fragment spreads blindly: an unknown fragment makes it throw, a
 * fragment cycle recurse forever and nested spreads walk every expansion, so it runs only on
 * documents whose fragments are sound and whose expanded size is within `maxSelections`; the
 * others are refused by graphql's own rules (KnownFragmentNames, NoFragmentCycles) or by
 * selectionsRule.
 */
import depthLimit from 'graphql-depth-limit';
import { GraphQLError, type ValidationContext, type ValidationRule } from 'graphql';
import { largestExpandedOperation } from './selection-count.js';

export function depthRule(maxDepth: number, maxSelections: number): ValidationRule {
  const rule = depthLimit(maxDepth);
  return (context) => {
    const largest = largestExpandedOperation(context.getDocument());
    if (largest === null || largest > maxSelections) return {};
    // One error per document is enough: the library reports every branch that goes too deep.
    let reported = false;
    const reporting = new Proxy(context, {
      get(target, property, receiver) {
        if (property === 'reportError') {
          return (error: GraphQLError) => {
            if (reported) return;
            reported = true;
            target.reportError(new GraphQLError(`The query exceeds the maximum depth of ${maxDepth} levels.`, { nodes: error.nodes ?? [] }));
          };
        }
        const value: unknown = Reflect.get(target, property, receiver);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    rule(reporting as ValidationContext);
    return {};
  };
}
