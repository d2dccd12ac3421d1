/**
 * Validation rule: every connection in the document names `first` or `last`, and those given as
 * literals are within 1..maxPageSize. Values given by variables are checked once the variables
 * are known (query-weight.ts, before execution too).
 */
import { GraphQLError, Kind, type ArgumentNode, type ASTNode, type ValidationRule } from 'graphql';
import { isConnectionField, paginationProblem, type PageArguments } from './connection-fields.js';

export function paginationRule(maxPageSize: number): ValidationRule {
  return (context) => ({
    Field(node) {
      const field = context.getFieldDef();
      if (!field || !isConnectionField(field)) return;
      const problem = paginationProblem(node.name.value, literalPageArguments(node.arguments ?? []), maxPageSize);
      if (problem) context.reportError(limitValidationError(problem, node));
    },
  });
}

function literalPageArguments(args: readonly ArgumentNode[]): PageArguments {
  const valueOf = (name: string): number | null | undefined => {
    const arg = args.find((candidate) => candidate.name.value === name);
    if (!arg) return null;
    if (arg.value.kind === Kind.INT) return Number(arg.value.value);
    if (arg.value.kind === Kind.NULL) return null;
    // A variable (known later), or a value of the wrong type, which graphql's own rules report.
    return undefined;
  };
  return {
    first: valueOf('first'),
    last: valueOf('last'),
    hasFirst: args.some((arg) => arg.name.value === 'first'),
    hasLast: args.some((arg) => arg.name.value === 'last'),
  };
}

function limitValidationError(message: string, node: ASTNode): GraphQLError {
  return new GraphQLError(message, { nodes: [node] });
}
