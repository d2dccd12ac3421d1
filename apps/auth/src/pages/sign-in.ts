/**
 * A posted sign-in form, between HTTP and the `signIn` use case (its rules are the
 * domain's: libs/domain/src/sign-in/sign-in.ts).
 */
import type { Request, Response } from 'express';
import type { SignInPerson } from '@tessera/domain';
import type { AuthServices } from '../services.js';
import { html, sendPage } from './html.js';
import type { LoginLimiter } from './login-limits.js';

export type SignInAttempt =
  | { kind: 'limited' }
  | { kind: 'refused'; email: string }
  | { kind: 'signed-in'; email: string; person: SignInPerson };

/**
 * A posted sign-in form, for the authorization's login and the profile's
 * sign-in alike: the same limits of failures per address and e-mail (a success
 * clears the e-mail's, login-limits.ts), the same check. Too
 * many attempts are answered here (429 with Retry-After); the caller answers
 * the other two outcomes.
 */
export async function attemptSignIn(req: Request, res: Response, signIn: AuthServices['signIn'], loginLimiter: LoginLimiter): Promise<SignInAttempt> {
  const email = typeof req.body?.email === 'string' ? req.body.email.slice(0, 254) : '';
  const password = typeof req.body?.password === 'string' ? req.body.password.slice(0, 1024) : '';
  const limit = await loginLimiter.attempt(req.ip ?? 'unknown', email);
  const wait = limit.retryAfterSeconds;
  if (wait > 0) {
    res.set('Retry-After', String(wait));
    sendPage(res, 429, 'Too many attempts', html`<h1>Too many sign-in attempts</h1><p>Try again in ${Math.ceil(wait / 60)} minute(s).</p>`);
    return { kind: 'limited' };
  }
  const person = await signIn(email, password);
  if (!person) return { kind: 'refused', email };
  await limit.succeeded();
  return { kind: 'signed-in', email, person };
}
