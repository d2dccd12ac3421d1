/**
 * The pages oidc-provider sends a person to (its `interactions.url`): the login
 * form, then the consent form with Allow and Deny. Forms post back to the same
 * interaction; a finished interaction redirects to oidc-provider's resume URL.
 */
import { randomUUID } from 'node:crypto';
import express, { Router, type NextFunction, type Request, type Response } from 'express';
import Provider, { errors } from 'oidc-provider';
import type { Logger } from '@tessera/http';
import { consentPage } from './consent-page.js';
import type { CsrfTokens } from './csrf.js';
import { errorBody } from './error-page.js';
import { html, sendPage } from './html.js';
import type { LoginLimiter } from './login-limits.js';
import type { AuthServices } from '../services.js';
import { loginPage } from './login-page.js';
import { attemptSignIn } from './sign-in.js';

export interface InteractionDependencies {
  provider: Provider;
  services: Pick<AuthServices, 'findApplication' | 'signIn'>;
  logger: Logger;
  csrf: CsrfTokens;
  loginLimiter: LoginLimiter;
}

type Details = Awaited<ReturnType<Provider['interactionDetails']>>;

async function applicationOf(services: InteractionDependencies['services'], details: Details) {
  const client = await services.findApplication(String(details.params['client_id']));
  if (!client) throw new errors.InvalidClient('the application no longer exists');
  return client;
}

export function interactionRoutes({ provider, services, logger, csrf, loginLimiter }: InteractionDependencies): Router {
  const router = Router();
  const form = express.urlencoded({ extended: false, limit: '16kb' });

  async function showLogin(res: Response, details: Details, status: number, extra: { email?: string; message?: string } = {}) {
    const client = await applicationOf(services, details);
    sendPage(res, status, 'Sign in', loginPage({ uid: details.uid, csrf: csrf.tokenFor(details.uid), applicationName: client.name, ...extra }), redirectOrigin(details));
  }

  router.get('/interaction/:uid', async (req, res) => {
    const details = await provider.interactionDetails(req, res);
    if (details.prompt.name === 'login') return showLogin(res, details, 200);
    const client = await applicationOf(services, details);
    const scopes = String(details.params['scope'] ?? '').split(' ').filter((scope) => scope !== '');
    sendPage(res, 200, 'Authorize', consentPage({
      uid: details.uid, csrf: csrf.tokenFor(details.uid), applicationName: client.name, integrationName: client.integration.name,
      scopes, deniedScopes: client.integration.deniedActions,
    }), redirectOrigin(details));
  });

  router.post('/interaction/:uid/login', form, async (req, res) => {
    const details = await provider.interactionDetails(req, res);
    if (!csrf.isValid(details.uid, req.body?.csrf_token)) throw new errors.InvalidRequest('the form has expired; start again from the application');
    if (details.prompt.name !== 'login') throw new errors.InvalidRequest('this sign-in is already done');
    const attempt = await attemptSignIn(req, res, services.signIn, loginLimiter);
    if (attempt.kind === 'limited') return;
    if (attempt.kind === 'refused') return showLogin(res, details, 401, { email: attempt.email, message: 'The e-mail address or the password is not correct.' });
    const { person } = attempt;
    await forgetPreviousPerson(provider, req, details, String(person.id));
    await provider.interactionFinished(req, res, { login: { accountId: String(person.id) } }, { mergeWithLastSubmission: false });
  });

  router.post('/interaction/:uid/consent', form, async (req, res) => {
    const details = await provider.interactionDetails(req, res);
    if (!csrf.isValid(details.uid, req.body?.csrf_token)) throw new errors.InvalidRequest('the form has expired; start again from the application');
    if (details.prompt.name !== 'consent') throw new errors.InvalidRequest('nothing to consent to');
    if (req.body?.decision !== 'allow') {
      await provider.interactionFinished(req, res, { error: 'access_denied', error_description: 'The person denied access' }, { mergeWithLastSubmission: false });
      return;
    }
    const accountId = details.session!.accountId;
    const clientId = String(details.params['client_id']);
    const grant = (details.grantId ? await provider.Grant.find(details.grantId) : undefined) ?? new provider.Grant({ accountId, clientId });
    const missing = (details.prompt.details['missingOIDCScope'] as string[] | undefined) ?? [];
    if (missing.length > 0) grant.addOIDCScope(missing.join(' '));
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
  });

  router.use('/interaction', (error: unknown, req: Request, res: Response, _next: NextFunction) => {
    if (error instanceof errors.OIDCProviderError && error.statusCode < 500) {
      sendPage(res, error.statusCode, 'Sign-in failed', errorBody(error.error, error.error_description));
      return;
    }
    const errorId = randomUUID();
    logger.error({ err: error, errorId, requestId: req.id }, 'unhandled error');
    sendPage(res, 500, 'Sign-in failed', html`<h1>Something went wrong</h1><p>Error id <code>${errorId}</code>.</p>`);
  });

  return router;
}

/**
 * A new person signing in where another was signed in: the old session is
 * ended (the browser's session cookie then names nothing, so oidc-provider
 * starts a new one), and the new person's grants are used, never the previous
 * person's (issue 10 item 7).
 */
async function forgetPreviousPerson(provider: Provider, req: Request, details: Details, accountId: string): Promise<void> {
  const previous = details.session;
  if (!previous?.accountId || previous.accountId === accountId) return;
  const sessionId = cookieValue(req, provider.cookieName('session'));
  const session = sessionId ? await provider.Session.find(sessionId) : undefined;
  // Only the session this interaction started in, whatever cookie was sent.
  if (session && session.uid === previous.uid) await session.destroy();
  delete (details as { session?: unknown }).session;
  await details.save(details.exp - Math.floor(Date.now() / 1000));
}

/** The origin the interaction ends at (oidc-provider checked the redirect_uri is registered). */
function redirectOrigin(details: Details): string[] {
  const uri = details.params['redirect_uri'];
  if (typeof uri !== 'string') return [];
  try {
    return [new URL(uri).origin];
  } catch {
    return [];
  }
}

function cookieValue(req: Request, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return decodeURIComponent(part.slice(at + 1).trim());
  }
  return undefined;
}
