/**
 * Validation rule: the depth limit of graphql-depth-limit (introspection fields, `__*`, are not
 * counted, so GraphiQL's introspection query passes), with a message that names the limit.
 * graphql-depth-limit follows fragment spreads blindly: an unknown fragment makes it throw and
 * a fragment cycle recurse forever, so those documents are left to graphql's own rules
 * (NoUnusedFragments, KnownFragmentNames, NoFragmentCycles), which refuse them anyway.
 */
import depthLimit from 'graphql-depth-limit';
import { GraphQLError, Kind, visit, type DocumentNode, type ValidationContext, type ValidationRule } from 'graphql';

export function depthRule(maxDepth: number): ValidationRule {
  const rule = depthLimit(maxDepth);
  return (context) => {
    if (!fragmentsAreSound(context.getDocument())) return {};
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

/** Every spread names a defined fragment and no fragment reaches itself. */
function fragmentsAreSound(document: DocumentNode): boolean {
  const spreads = new Map<string, string[]>();
  for (const definition of document.definitions) {
    if (definition.kind !== Kind.FRAGMENT_DEFINITION) continue;
    const names: string[] = [];
    visit(definition, { FragmentSpread: (node) => void names.push(node.name.value) });
    spreads.set(definition.name.value, names);
  }
  let sound = true;
  visit(document, {
    FragmentSpread(node) {
      if (!spreads.has(node.name.value)) sound = false;
    },
  });
  if (!sound) return false;
  const done = new Set<string>();
  const active = new Set<string>();
  const cycles = (name: string): boolean => {
    if (active.has(name)) return true;
    if (done.has(name)) return false;
    active.add(name);
    const found = (spreads.get(name) ?? []).some(cycles);
    active.delete(name);
    done.add(name);
    return found;
  };
  return ![...spreads.keys()].some(cycles);
}
