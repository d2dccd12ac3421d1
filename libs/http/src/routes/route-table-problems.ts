/**
 * What makes a route table unfit to mount: a route that does not say what it
 * needs, a write that answers with a body without naming the Read that body
 * needs, two routes on one method and path, or a path parameter the input does
 * not document. `mountRoutes` refuses such a table at boot; tests walk it too.
 */
import { needsProblems, splitScopeAction } from './route-needs.js';
import { isPublicRoute, type RouteDeclaration, type RouteTable } from './route-table.js';

export function pathParameterNames(path: string): string[] {
  return [...path.matchAll(/:(\w+)/g)].map((match) => match[1]!);
}

export function routeTableProblems(routes: RouteTable): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  const operationIds = new Set<string>();
  for (const route of routes) {
    const name = `${route.method.toUpperCase()} ${route.path}`;
    for (const problem of needsProblems(route.needs)) problems.push(`${name} ${problem}`);
    const write = unreadableAnswer(route);
    if (write) problems.push(`${name} answers a body after ${write} but declares no \`answer\` (the Read of the record it answers)`);
    if (seen.has(name)) problems.push(`${name} is declared twice`);
    seen.add(name);
    if (operationIds.has(route.operationId)) problems.push(`${name} reuses the operationId '${route.operationId}'`);
    operationIds.add(route.operationId);
    const documented = Object.keys(route.input.params?.shape ?? {});
    for (const parameter of pathParameterNames(route.path)) {
      if (!documented.includes(parameter)) problems.push(`${name} does not document its path parameter '${parameter}' in input.params`);
    }
  }
  return problems;
}

/** The write action of a guarded route that answers with a body and names no Read for it; null otherwise. */
function unreadableAnswer(route: RouteDeclaration): string | null {
  if (isPublicRoute(route) || !route.needs.scope || route.needs.answer) return null;
  if (splitScopeAction(route.needs.scope).operation === 'Read') return null;
  const answersBody = Object.values(route.responses).some((response) => response?.schema !== undefined);
  return answersBody ? route.needs.scope : null;
}
