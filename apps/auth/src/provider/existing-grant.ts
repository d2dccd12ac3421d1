/**
 * A person who authorized an application before goes straight to a code (SPEC.md
 * "Authentication" step 2), from this browser's session or, in a new browser,
 * from the person's newest live grant for the application in the database.
 * Grant.find goes through the database adapter, which refuses a grant that is
 * no longer current (revoked authorizations, disabled application); a grant
 * without the scopes now requested sends the person to the consent page.
 */
import type { KoaContextWithOIDC } from 'oidc-provider';

/** The newest live grant of a person (oidc-provider's accountId) for an application. */
export type FindGrant = (accountId: string, clientId: string) => Promise<{ grantId: string } | undefined>;

export function loadExistingGrantFrom(findGrant: FindGrant) {
  return async (ctx: KoaContextWithOIDC) => {
    const clientId = ctx.oidc.client!.clientId;
    const accountId = ctx.oidc.session!.accountId;
    const grantId = ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session!.grantIdFor(clientId);
    const fromSession = grantId ? await ctx.oidc.provider.Grant.find(grantId) : undefined;
    // The session's grant must be the signed-in person's; else the person's own, from any browser.
    if (fromSession && fromSession.accountId === accountId) return fromSession;
    if (!accountId) return undefined;
    const stored = await findGrant(accountId, clientId);
    return stored ? ctx.oidc.provider.Grant.find(stored.grantId) : undefined;
  };
}
