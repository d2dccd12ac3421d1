/**
 * One REST route, declared: what it needs, what it reads, what it answers, and
 * the handler. `mountRoutes` turns a table of these into Express routes and
 * `buildOpenApiDocument` into an OpenAPI 3.1 document, so what is enforced and
 * what is documented come from the same declaration.
 */
import type { Request, Response } from 'express';
import type { z } from 'zod';
import type { AccessContext, Role, ScopeOperation } from '@tessera/domain';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** A scope action as tokens carry it (SPEC.md authentication rule 3): `<record type>:<operation>`. */
export type ScopeAction = `${string}:${ScopeOperation}`;

/** The Read of a record type, e.g. `request:Read`. */
export type ReadAction = `${string}:Read`;

/**
 * What a caller must have. Every route says it: a scope action, a role, both,
 * or `public` with the reason nobody needs anything. `note` records a rule
 * checked later (by the use case) so the document tells the whole story.
 * A public route that reaches the database says `rateLimit: 'address'`: its
 * calls count in the request-rate windows of the caller's address.
 * `answer` is the Read a write needs when its answer is the record (the events
 * intake's rule): without it the write would show a record the token may not
 * read, so it is checked with the scope, before anything is written.
 */
export type RouteNeeds =
  | { scope: ScopeAction; role?: Role; answer?: ReadAction; note?: string }
  | { role: Role; scope?: ScopeAction; answer?: ReadAction; note?: string }
  | { public: string; rateLimit?: 'address' };

export type PublicNeeds = Extract<RouteNeeds, { public: string }>;
export type GuardedNeeds = Exclude<RouteNeeds, PublicNeeds>;

/** The request as it arrives, before the route's parser turns it into the handler's input. */
export interface RawInput {
  params: Record<string, string | undefined>;
  query: Record<string, unknown>;
  body: Record<string, unknown> | undefined;
}

/** `multipart/form-data` is not parsed by the shared body parsers: a route that takes it reads the stream itself. */
export type BodyMediaType = 'application/json' | 'application/x-www-form-urlencoded' | 'multipart/form-data';

/**
 * What a route reads: zod schemas for the document, one per part (an object of
 * parameters for `params` and `query`), and `parse`, the one step that turns
 * the raw request into the handler's input or throws the 400/404/422.
 */
export interface RouteInput<I> {
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: { schema: z.ZodType; mediaTypes: readonly BodyMediaType[] };
  parse(raw: RawInput): I;
}

export interface ResponseHeaderSpec {
  description: string;
  schema: z.ZodType;
}

export interface ResponseSpec {
  description: string;
  /** The body; none for 204. */
  schema?: z.ZodType;
  headers?: Readonly<Record<string, ResponseHeaderSpec>>;
}

export type SuccessStatus = 200 | 201 | 202 | 204;

/**
 * Errors a route answers beyond those its needs imply (401, 403 and 429 come
 * with every guarded route, 429 with every counted public one, 500 with every route).
 */
export type RouteErrorStatus = 400 | 404 | 409 | 413 | 415 | 422 | 503;

export interface PublicRouteContext<I> {
  req: Request;
  res: Response;
  input: I;
}

export interface RouteContext<I> extends PublicRouteContext<I> {
  /** The authenticated caller, after the route's needs were checked. */
  access: AccessContext;
}

interface RouteBase<I> {
  method: HttpMethod;
  /** The full Express path, e.g. `/v1/requests/:id`. */
  path: `/${string}`;
  /** Unique name of the operation in the document, e.g. `getRequest`. */
  operationId: string;
  summary: string;
  description?: string;
  /** Groups the operation in the document, e.g. `requests`. */
  tag: string;
  input: RouteInput<I>;
  responses: Readonly<Partial<Record<SuccessStatus, ResponseSpec>>>;
  errors?: readonly RouteErrorStatus[];
}

// Handlers are declared as methods so that a table can hold routes of different inputs.
export interface GuardedRoute<I = unknown> extends RouteBase<I> {
  needs: GuardedNeeds;
  handler(ctx: RouteContext<I>): void | Promise<void>;
}

export interface PublicRoute<I = unknown> extends RouteBase<I> {
  needs: PublicNeeds;
  handler(ctx: PublicRouteContext<I>): void | Promise<void>;
}

export type RouteDeclaration<I = unknown> = GuardedRoute<I> | PublicRoute<I>;

export type RouteTable = readonly RouteDeclaration[];

export function isPublicRoute<I>(route: RouteDeclaration<I>): route is PublicRoute<I> {
  return 'public' in route.needs;
}

/** Whether the route's calls count in request-rate windows: every guarded route, and public ones that ask. */
export function isRateLimited(route: RouteDeclaration): boolean {
  return !isPublicRoute(route) || route.needs.rateLimit === 'address';
}

/** Declares a route; infers the handler's input from `input.parse`. */
export function defineRoute<I>(route: GuardedRoute<I>): GuardedRoute<I>;
export function defineRoute<I>(route: PublicRoute<I>): PublicRoute<I>;
export function defineRoute<I>(route: RouteDeclaration<I>): RouteDeclaration<I> {
  return route;
}
