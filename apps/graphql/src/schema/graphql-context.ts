import { unauthorized, type AccessContext } from '@tessera/domain';
import type { GraphqlLoaders } from '../loaders/graphql-loaders.js';
import type { GraphqlServices } from '../services.js';
import type { RequestQuota } from '../quota/request-quota.js';

/** What every resolver gets: who calls, the use cases, and this request's batch loaders. */
export interface GraphqlContext {
  /** Null only for introspection with the token alone (GET, or POST without the account header), which reaches no resolver of ours. */
  access: AccessContext | null;
  services: GraphqlServices;
  /** Built per request (DataLoader caches live as long as the request, never across callers). */
  loaders: GraphqlLoaders;
  /** Whose quota the call spends and, once counted (before execution), its cost figures; read by `rateLimit`. */
  quota?: RequestQuota;
  /** Epoch ms after which no further field runs (the execution time limit); set when execution starts. */
  deadline?: number;
  /** The execution time limit, for its error message. */
  maxExecutionMs?: number;
}

/** The caller; resolvers throw domain errors, which formatGraphqlError maps to their codes. */
export function caller(context: GraphqlContext): AccessContext {
  if (!context.access) throw unauthorized('This needs the X-Service-Account header and a POST request');
  return context.access;
}
