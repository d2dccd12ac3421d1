/**
 * The scope values the server knows: every `<record type>:<operation>` action
 * (wildcards included; REFERENCE.md "OAuth"). oidc-provider refuses a known
 * value outside the client's `scope`; the `scope` check below also refuses
 * unknown values and fills an omitted scope with the application's own.
 */
import { errors, type KoaContextWithOIDC } from 'oidc-provider';
import { SCOPE_OPERATIONS, SCOPE_RECORD_TYPES } from '@tessera/domain';

export const ALL_SCOPE_ACTIONS: readonly string[] = ['*', ...SCOPE_RECORD_TYPES].flatMap((type) => ['*', ...SCOPE_OPERATIONS].map((operation) => `${type}:${operation}`));

/**
 * Runs on every authorization request once the client and its redirect_uri
 * are known (oidc-provider's `extraParams` validation step), so a refusal is
 * redirected to the client like any other invalid request.
 */
export async function checkRequestedScope(ctx: KoaContextWithOIDC, _value: string | undefined, client: { scope?: string | undefined }): Promise<void> {
  const allowed = words(client.scope);
  const params = ctx.oidc.params as Record<string, unknown>;
  // oidc-provider has already dropped the values it does not know (its resource check keeps only
  // known scopes), so a scope of unknown values only looks omitted: the request as sent decides.
  const requested = [...new Set([...words(params['scope']), ...words(rawScope(ctx))])];
  if (requested.length === 0) {
    if (allowed.length === 0) throw new errors.InvalidScope('the application is allowed no scopes', '');
    params['scope'] = allowed.join(' ');
    return;
  }
  const refused = requested.filter((scope) => !allowed.includes(scope));
  if (refused.length > 0) throw new errors.InvalidScope('requested scope is not allowed', refused.join(' '));
}

function words(value: unknown): string[] {
  return typeof value === 'string' ? value.split(' ').filter((scope) => scope !== '') : [];
}

function rawScope(ctx: KoaContextWithOIDC): string | undefined {
  const fromBody = (ctx.oidc.body as Record<string, unknown> | undefined)?.['scope'];
  const value = ctx.method === 'POST' ? fromBody : ctx.URL.searchParams.get('scope');
  return typeof value === 'string' ? value : undefined;
}
