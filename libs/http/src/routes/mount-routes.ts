/**
 * Registers a route table on an Express app, each route under its full path
 * so that Express knows its pattern whatever the answer (and /metrics labels
 * it so). A guarded route runs:
 *
 *   parse the body → authenticate → count against the rate windows → guard
 *   from `needs` → parse the input → handler
 *
 * and a public one: parse the body → (count against the windows of the
 * caller's address, when it says `rateLimit: 'address'`) → parse the input →
 * handler. Any other path under `basePath` authenticates and counts before its
 * 404, as it always has.
 */
import type { Express, RequestHandler } from 'express';
import { notFound, validationFailed } from '@tessera/domain';
import { unstorableTextFields } from '@tessera/validation';
import { accessOf } from '../access.middleware.js';
import { bodyParsers } from './body-parsers.js';
import { guardOf } from './route-guard.js';
import { routeTableProblems } from './route-table-problems.js';
import { isPublicRoute, type PublicRoute, type RawInput, type RouteDeclaration, type RouteTable } from './route-table.js';

export interface MountRoutesOptions {
  /** `authenticate(port)`: resolves the caller or answers 401/403. */
  authenticate: RequestHandler;
  /** `rateLimit(limiter, logger)`: counts the call or answers 429. */
  rateLimit: RequestHandler;
  /** `rateLimitByAddress(limiter, logger)`: the same for public routes with `rateLimit: 'address'`; required when the table has one. */
  rateLimitByAddress?: RequestHandler;
  /** Bodies above this many bytes (or a size such as `1mb`) get 413. */
  bodyLimit: string | number;
  /** The prefix of the table's paths, e.g. `/v1`. */
  basePath: `/${string}`;
}

const MOUNTED_TABLE = 'tessera:routeTable';

/** The table mountRoutes registered on `app`, for tests and tools that walk what is really served. */
export function mountedRouteTable(app: Express): RouteTable {
  return (app.locals[MOUNTED_TABLE] as RouteTable | undefined) ?? [];
}

export function mountRoutes(app: Express, routes: RouteTable, options: MountRoutesOptions): void {
  const problems = routeTableProblems(routes);
  if (problems.length > 0) throw new Error(`The route table is not valid:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  app.locals[MOUNTED_TABLE] = routes;
  const parseBody = bodyParsers(options.bodyLimit);
  for (const route of routes) {
    const access = isPublicRoute(route) ? publicSteps(route, options) : [options.authenticate, options.rateLimit, guardOf(route.needs)];
    app[route.method](route.path, ...parseBody, ...access, handle(route));
  }
  // Requests no route matched: bodies are still parsed (a bad one is a 400 first, as before),
  // and under the base path the caller is resolved and counted before the 404.
  app.use(...parseBody);
  app.use(options.basePath, options.authenticate, options.rateLimit);
}

function publicSteps(route: PublicRoute, options: MountRoutesOptions): RequestHandler[] {
  if (route.needs.rateLimit !== 'address') return [];
  if (!options.rateLimitByAddress) throw new Error(`${route.method.toUpperCase()} ${route.path} counts calls by address, but mountRoutes was given no rateLimitByAddress`);
  return [options.rateLimitByAddress];
}

function handle<I>(route: RouteDeclaration<I>): RequestHandler {
  const parse = (req: Parameters<RequestHandler>[0]): I => {
    const raw = rawInputOf(req);
    const input = route.input.parse(raw);
    // After the route's own parser (a bad path parameter stays a 404): a body it passes on as it
    // came (a translation set, the events intake's) is checked here as every other is.
    const unstorable = unstorableTextFields(raw.body);
    if (unstorable.length > 0) throw validationFailed(unstorable);
    return input;
  };
  if (isPublicRoute(route)) {
    return async (req, res) => {
      await route.handler({ req, res, input: parse(req) });
    };
  }
  return async (req, res) => {
    await route.handler({ req, res, input: parse(req), access: accessOf(res) });
  };
}

function rawInputOf(req: Parameters<RequestHandler>[0]): RawInput {
  // A NUL or a lone surrogate would reach PostgreSQL, which refuses it (a 500): no record's path
  // holds one. Bodies are checked by their parsers (parseWriteBody, zodInput) and after them (a 422
  // naming the field), query parameters by theirs (filters: 400; the events intake: 422, its
  // parameters being the event's fields).
  if (unstorableTextFields(req.params).length > 0) throw notFound();
  return {
    params: req.params as Record<string, string | undefined>,
    query: req.query as Record<string, unknown>,
    body: req.body as Record<string, unknown> | undefined,
  };
}
