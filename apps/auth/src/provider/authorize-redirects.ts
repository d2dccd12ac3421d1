/**
 * SPEC.md "Authentication" and "Errors" on the redirects of /authorize:
 * - GET /authorize answers `302 Found`, to the prompt, with a code or with an
 *   error. oidc-provider answers 303 See Other, the answer to a POST: a POST
 *   keeps it, a GET (and its resume after the pages) gets 302.
 * - an error redirect carries `error_description` (required). Some of
 *   oidc-provider's errors have none (request_not_supported,
 *   request_uri_not_supported, registration_not_supported...): they get their
 *   error code in words.
 */
import type { KoaContextWithOIDC } from 'oidc-provider';

const AUTHORIZE_PATHS = /^\/authorize(\/|$)/;

export async function authorizeRedirects(ctx: KoaContextWithOIDC, next: () => Promise<unknown>): Promise<void> {
  await next();
  if (ctx.status !== 303 || !AUTHORIZE_PATHS.test(ctx.path)) return;
  const location = ctx.response.get('Location');
  const described = location ? withErrorDescription(location) : undefined;
  if (described !== undefined) ctx.set('Location', described);
  if (ctx.method === 'GET' || ctx.method === 'HEAD') ctx.status = 302;
}

/** The redirect with an error_description beside an error that has none; undefined when nothing is to add. */
export function withErrorDescription(location: string): string | undefined {
  let url: URL;
  try {
    url = new URL(location);
  } catch {
    return undefined; // the prompt page's relative URL: no error in it
  }
  // Errors go in the query, or in the fragment for response types answered there (RFC 6749 §4.2.2.1).
  const inFragment = url.hash.length > 1 && !url.searchParams.has('error');
  const params = inFragment ? new URLSearchParams(url.hash.slice(1)) : url.searchParams;
  const error = params.get('error');
  if (error === null || (params.get('error_description') ?? '').trim() !== '') return undefined;
  params.set('error_description', error.replace(/_/g, ' '));
  if (inFragment) url.hash = params.toString();
  return url.href;
}
