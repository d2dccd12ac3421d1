/**
 * The CSRF token of the login and consent forms: an HMAC of the interaction's
 * uid under the cookie key. oidc-provider already binds the interaction to the
 * browser (its `_interaction` cookie must name this uid, and is SameSite=Lax);
 * the token adds that the form was served by us for this very interaction.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface CsrfTokens {
  tokenFor(uid: string): string;
  isValid(uid: string, presented: unknown): boolean;
}

export function csrfTokens(key: string): CsrfTokens {
  const tokenFor = (uid: string) => createHmac('sha256', key).update(`interaction-form:${uid}`).digest('base64url');
  return {
    tokenFor,
    isValid(uid, presented) {
      if (typeof presented !== 'string') return false;
      const expected = Buffer.from(tokenFor(uid));
      const actual = Buffer.from(presented);
      return expected.length === actual.length && timingSafeEqual(expected, actual);
    },
  };
}
