/**
 * The profile pages know the person by oidc-provider's own session: the
 * signed `_session` cookie the login of an authorization sets, read and
 * written through the provider's Koa context so that the cookie keys, names
 * and signatures are the provider's. Signing in on the profile pages starts
 * such a session, so the next authorization request needs no login either.
 */
import { randomBytes } from 'node:crypto';
import type { Request, Response } from 'express';
import type Provider from 'oidc-provider';

/** oidc-provider's `ttl.Session` (create-oauth-provider.ts). */
const SESSION_TTL_SECONDS = 14 * 24 * 3600;

type Session = Awaited<ReturnType<Provider['Session']['get']>>;

export interface SignedIn {
  session: Session;
  personId: number;
}

export interface ProfileSessions {
  /** The signed-in person of this browser, if any. */
  current(req: Request, res: Response): Promise<SignedIn | undefined>;
  /** Signs a person in: a new session id; another person's session is ended first. */
  start(req: Request, res: Response, personId: number): Promise<void>;
  end(req: Request, res: Response): Promise<void>;
}

export function profileSessions(provider: Provider, options: { secureCookies: boolean }): ProfileSessions {
  const name = provider.cookieName('session');
  const cookie = { httpOnly: true, sameSite: 'lax' as const, secure: options.secureCookies, path: '/' };
  const contextOf = (req: Request, res: Response) => provider.createContext(req, res);
  const get = (req: Request, res: Response) => provider.Session.get(contextOf(req, res));

  return {
    async current(req, res) {
      const session = await get(req, res);
      const personId = /^\d{1,10}$/.test(session.accountId ?? '') ? Number(session.accountId) : undefined;
      return personId === undefined ? undefined : { session, personId };
    },
    async start(req, res, personId) {
      let session = await get(req, res);
      if (session.accountId && session.accountId !== String(personId)) {
        // The previous person's grants live in their session: never the new person's.
        await session.destroy();
        session = new provider.Session();
      } else if (!(session as { new?: boolean }).new) {
        session.resetIdentifier();
      }
      session.loginAccount({ accountId: String(personId) });
      await session.save(SESSION_TTL_SECONDS);
      contextOf(req, res).cookies.set(name, session.jti, { ...cookie, expires: new Date((session.exp ?? Math.floor(Date.now() / 1000) + SESSION_TTL_SECONDS) * 1000) });
    },
    async end(req, res) {
      const session = await get(req, res);
      if (!(session as { new?: boolean }).new) await session.destroy();
      contextOf(req, res).cookies.set(name, null, cookie);
    },
  };
}

const SIGN_IN_COOKIE = 'profile_sign_in';

/**
 * The sign-in form has no session to bind its CSRF token to: a random value in
 * a cookie signed with the provider's keys stands in for one.
 */
export function signInNonces(provider: Provider, options: { secureCookies: boolean }) {
  const cookie = { httpOnly: true, sameSite: 'lax' as const, secure: options.secureCookies, path: '/profile', maxAge: 3600 * 1000, signed: true };
  return {
    issue(req: Request, res: Response): string {
      const value = randomBytes(16).toString('base64url');
      provider.createContext(req, res).cookies.set(SIGN_IN_COOKIE, value, cookie);
      return value;
    },
    read(req: Request, res: Response): string | undefined {
      return provider.createContext(req, res).cookies.get(SIGN_IN_COOKIE, { signed: true }) ?? undefined;
    },
  };
}
