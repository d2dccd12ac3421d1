import type { RequestHandler, Response } from 'express';
import { assertAllowed, forbidden, isAdministrator, authenticateCall, type AccessContext, type AccessPort, type ScopeOperation } from '@tessera/domain';

/** Resolves the caller from `Authorization` and `X-Service-Account`; 401/403 otherwise. */
export function authenticate(port: AccessPort): RequestHandler {
  return async (req, res, next) => {
    // Set before resolving, so that 401/403 answers are not cached either: no shared
    // or browser cache may keep an answer that depends on who asked.
    res.set('Cache-Control', 'no-store');
    res.locals['access'] = await authenticateCall(
      { authorization: req.get('authorization'), account: req.get('x-service-account') },
      port,
    );
    next();
  };
}

export function accessOf(res: Response): AccessContext {
  const access = res.locals['access'] as AccessContext | undefined;
  if (!access) throw new Error('authenticate() must run before this handler');
  return access;
}

/** SPEC.md: the Webhooks API (and other administration) needs the administrator role. */
export const requireAdministrator: RequestHandler = (_req, res, next) => {
  if (!isAdministrator(accessOf(res).roles)) throw forbidden('This needs the administrator role in the account');
  next();
};

/** SPEC.md authentication rule 3: a call needs the scope of its action on the record type. */
export function requireScope(recordType: string, operation: ScopeOperation): RequestHandler {
  return (_req, res, next) => {
    assertAllowed(accessOf(res), recordType, operation);
    next();
  };
}
