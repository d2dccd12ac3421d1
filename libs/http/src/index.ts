export { createLogger } from './logger.js';
export type { Logger } from './logger.js';
export { createHttpApp, finishHttpApp } from './create-http-app.js';
export type { HttpAppOptions, TransportOptions, TrustProxy } from './create-http-app.js';
export type { CorsPolicy } from './cors.js';
export { toHttpError, statusOf, retryAfterOf, RATE_LIMIT_DOCUMENTATION_URL } from './http-error.js';
export type { HttpError } from './http-error.js';
export { toOAuthError, oauthErrorCodeOf, oauthError, oauthServerError, oauthStatusOf, OAUTH_ERROR_CODES } from './oauth-error.js';
export type { OAuthError, OAuthErrorBody, OAuthErrorCode, OAuthEndpoint } from './oauth-error.js';
export { errorHandler, notFoundHandler } from './error-handler.js';
export { logUnhandledError, INTERNAL_SERVER_ERROR_MESSAGE } from './unhandled-error.js';
export { healthHandler } from './health.js';
export type { HealthCheck } from './health.js';
export { createHttpMetrics } from './metrics.js';
export type { HttpMetrics } from './metrics.js';
export { authenticate, accessOf, requireAdministrator, requireScope } from './access.middleware.js';
export { rateLimit } from './rate-limit.middleware.js';
export { sendCollection, pickFields } from './collection-response.js';
export { requestIdOf } from './request-id.js';
export { serve, listen } from './serve.js';
export type { ServeOptions, Listening } from './serve.js';
export { exitOnStartupError } from './startup.js';
export { defineRoute, isPublicRoute } from './routes/route-table.js';
export type {
  RouteDeclaration, RouteTable, GuardedRoute, PublicRoute, RouteNeeds, GuardedNeeds, PublicNeeds, ScopeAction, ReadAction, RouteInput, RawInput,
  RouteContext, PublicRouteContext, ResponseSpec, ResponseHeaderSpec, SuccessStatus, RouteErrorStatus, HttpMethod, BodyMediaType,
} from './routes/route-table.js';
export { NO_INPUT, zodInput } from './routes/route-input.js';
export { needsProblems, describeNeeds } from './routes/route-needs.js';
export { routeTableProblems } from './routes/route-table-problems.js';
export { mountRoutes, mountedRouteTable } from './routes/mount-routes.js';
export type { MountRoutesOptions } from './routes/mount-routes.js';
export { DEFAULT_BODY_LIMIT_BYTES } from './routes/body-parsers.js';
export { collectionQuerySchema, PAGINATION_HEADERS } from './routes/collection-docs.js';
export { buildOpenApiDocument } from './routes/openapi.js';
export { openApiPath } from './routes/openapi-operation.js';
export type { OpenApiDocument, OpenApiOptions } from './routes/openapi.js';
export { errorBodySchema, validationErrorBodySchema, tooManyRequestsBodySchema, serverErrorBodySchema } from './routes/error-schemas.js';
export { UNMATCHED_ROUTE } from './metrics.js';
