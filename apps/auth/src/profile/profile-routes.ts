/**
 * The "Access and Security" pages (issue 10 item 7) of the person signed in
 * to the auth app: the applications they authorized and their personal access
 * tokens, with Revoke and Create; sign-in and sign-out. Every change is a POST
 * with the CSRF token of the person's session, answered by a redirect back to
 * the page (or, for a new token, by the page showing the token once).
 * The rules are the domain's use cases (libs/domain/src/access-and-security/,
 * sign-in/), reached through services.ts; this file only turns HTTP into calls.
 */
import { randomUUID } from 'node:crypto';
import express, { Router, type NextFunction, type Request, type Response } from 'express';
import type Provider from 'oidc-provider';
import type { Logger } from '@tessera/http';
import type { CsrfTokens } from '../pages/csrf.js';
import { html, sendPage } from '../pages/html.js';
import type { LoginLimiter } from '../pages/login-limits.js';
import { loginPage } from '../pages/login-page.js';
import { attemptSignIn } from '../pages/sign-in.js';
import type { AuthServices } from '../services.js';
import { accessPage, type AccessPageView } from './access-page.js';
import { profileSessions, signInNonces, type SignedIn } from './profile-session.js';

export interface ProfileDependencies {
  provider: Provider;
  services: Pick<AuthServices, 'signIn' | 'accessAndSecurity' | 'createPersonalAccessToken' | 'revokePersonalAccessToken' | 'revokeApplicationAuthorization'>;
  logger: Logger;
  csrf: CsrfTokens;
  loginLimiter: LoginLimiter;
  /** Cookies only over TLS: the issuer is https. */
  secureCookies: boolean;
}

export const ACCESS_PAGE = '/profile/access';
const SIGN_IN_PAGE = '/profile/sign-in';

/** What the page says after a change; the redirect names one of these, never free text. */
const NOTICES: Record<string, string> = {
  'application-revoked': 'The application’s access was revoked. It must ask you again to use your account.',
  'token-revoked': 'The token was revoked.',
  'signed-in': 'You are signed in.',
};

class PageError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
  }
}

export function profileRoutes({ provider, services, logger, csrf, loginLimiter, secureCookies }: ProfileDependencies): Router {
  const router = Router();
  const form = express.urlencoded({ extended: false, limit: '16kb' });
  const sessions = profileSessions(provider, { secureCookies });
  const nonces = signInNonces(provider, { secureCookies });
  const csrfOf = (signed: SignedIn) => csrf.tokenFor(`profile:${signed.session.uid}`);

  /** The signed-in person, or a redirect to the sign-in page (GET) / a refusal (POST without a valid CSRF token). */
  async function personOf(req: Request, res: Response): Promise<SignedIn | undefined> {
    const signed = await sessions.current(req, res);
    if (req.method === 'POST' && (!signed || !csrf.isValid(`profile:${signed.session.uid}`, req.body?.csrf_token))) {
      throw new PageError(403, 'This form has expired. Open the Access and Security page again.');
    }
    if (!signed) res.redirect(303, SIGN_IN_PAGE);
    return signed;
  }

  async function showAccess(res: Response, signed: SignedIn, status: number, extra: Partial<AccessPageView> = {}): Promise<void> {
    const page = await services.accessAndSecurity(signed.personId);
    if (!page) throw new PageError(403, 'This account can no longer sign in.');
    sendPage(res, status, 'Access and Security', accessPage({ ...page, csrf: csrfOf(signed), ...extra }));
  }

  function showSignIn(req: Request, res: Response, status: number, extra: { email?: string; message?: string } = {}): void {
    const nonce = nonces.issue(req, res);
    sendPage(res, status, 'Sign in', loginPage({ uid: '', applicationName: '', action: SIGN_IN_PAGE, csrf: csrf.tokenFor(`profile-sign-in:${nonce}`), ...extra }));
  }

  router.get(['/profile', '/profile/'], (_req, res) => res.redirect(303, ACCESS_PAGE));

  router.get(ACCESS_PAGE, async (req, res) => {
    const signed = await personOf(req, res);
    if (!signed) return;
    const notice = typeof req.query['done'] === 'string' ? NOTICES[req.query['done']] : undefined;
    await showAccess(res, signed, 200, notice ? { notice } : {});
  });

  router.get(SIGN_IN_PAGE, async (req, res) => {
    if (await sessions.current(req, res)) return res.redirect(303, ACCESS_PAGE);
    showSignIn(req, res, 200);
  });

  // The checks of the authorization's login: the same limits, the same password verification.
  router.post(SIGN_IN_PAGE, form, async (req, res) => {
    const nonce = nonces.read(req, res);
    if (!nonce || !csrf.isValid(`profile-sign-in:${nonce}`, req.body?.csrf_token)) throw new PageError(403, 'This form has expired. Open the sign-in page again.');
    const attempt = await attemptSignIn(req, res, services.signIn, loginLimiter);
    if (attempt.kind === 'limited') return;
    if (attempt.kind === 'refused') return showSignIn(req, res, 401, { email: attempt.email, message: 'The e-mail address or the password is not correct.' });
    await sessions.start(req, res, attempt.person.id);
    res.redirect(303, `${ACCESS_PAGE}?done=signed-in`);
  });

  router.post('/profile/sign-out', form, async (req, res) => {
    if (!(await personOf(req, res))) return;
    await sessions.end(req, res);
    res.redirect(303, SIGN_IN_PAGE);
  });

  router.post('/profile/applications/:clientId/revoke', form, async (req, res) => {
    const signed = await personOf(req, res);
    if (!signed) return;
    await services.revokeApplicationAuthorization(signed.personId, String(req.params['clientId']));
    res.redirect(303, `${ACCESS_PAGE}?done=application-revoked`);
  });

  router.post('/profile/tokens/:id/revoke', form, async (req, res) => {
    const signed = await personOf(req, res);
    if (!signed) return;
    const id = /^\d{1,10}$/.test(String(req.params['id'])) ? Number(req.params['id']) : 0;
    if ((await services.revokePersonalAccessToken(signed.personId, id)) === 'not_found') throw new PageError(404, 'No such token.');
    res.redirect(303, `${ACCESS_PAGE}?done=token-revoked`);
  });

  router.post('/profile/tokens', form, async (req, res) => {
    const signed = await personOf(req, res);
    if (!signed) return;
    const body = (req.body ?? {}) as Record<string, unknown>;
    const created = await services.createPersonalAccessToken(signed.personId, body);
    if (!created.ok) {
      const text = (field: string) => (typeof body[field] === 'string' ? (body[field] as string).slice(0, 4000) : '');
      await showAccess(res, signed, 422, { errors: created.errors, form: { name: text('name'), scopes: text('scopes'), expires_on: text('expires_on') } });
      return;
    }
    await showAccess(res, signed, 201, { created: { name: created.token.name, value: created.token.value } });
  });

  router.use('/profile', (error: unknown, req: Request, res: Response, _next: NextFunction) => {
    const status = error instanceof PageError ? error.status : (error as { status?: unknown } | null)?.status;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      const message = error instanceof PageError ? error.message : 'The form could not be read.';
      sendPage(res, status, 'Access and Security', html`<h1>This cannot be done</h1><p class="error">${message}</p><p><a href="${ACCESS_PAGE}">Back to Access and Security</a></p>`);
      return;
    }
    const errorId = randomUUID();
    logger.error({ err: error, errorId, requestId: req.id }, 'unhandled error');
    sendPage(res, 500, 'Access and Security', html`<h1>Something went wrong</h1><p>Error id <code>${errorId}</code>.</p>`);
  });

  return router;
}
