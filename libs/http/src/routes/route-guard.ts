/**
 * The guard a route's needs turn into: after `authenticate`, the role, the
 * scope action (SPEC.md authentication rule 3) and then the Read the answer
 * needs, each a 403 naming what is missing.
 */
import type { RequestHandler } from 'express';
import { assertAllowed, forbidden } from '@tessera/domain';
import { accessOf } from '../access.middleware.js';
import { splitScopeAction } from './route-needs.js';
import type { GuardedNeeds } from './route-table.js';

export function guardOf(needs: GuardedNeeds): RequestHandler {
  const scope = needs.scope && splitScopeAction(needs.scope);
  const answer = needs.answer && splitScopeAction(needs.answer);
  const role = needs.role;
  return (_req, res, next) => {
    const access = accessOf(res);
    if (role && !access.roles.includes(role)) throw forbidden(`This needs the ${role} role in the account`);
    if (scope) assertAllowed(access, scope.recordType, scope.operation);
    if (answer) assertAllowed(access, answer.recordType, answer.operation);
    next();
  };
}
