import { Router } from 'express';
import { encodeNodeId, notFound } from '@tessera/domain';
import { findPersonView, type Database } from '@tessera/persistence';
import { accessOf, requireScope } from '@tessera/http';

/** `GET /v1/me`: the person behind the token, in the account of the call; needs me:Read (SPEC.md authentication rule 3). */
export function meRouter(db: Database): Router {
  const router = Router();
  router.get('/me', requireScope('me', 'Read'), async (_req, res) => {
    const access = accessOf(res);
    const person = await findPersonView(db, access.person.id);
    if (!person) throw notFound();
    res.json({
      ...person,
      nodeID: encodeNodeId('Person', person.id),
      organization: person.organization && { ...person.organization, nodeID: encodeNodeId('Organization', person.organization.id) },
      roles: access.roles,
      current_account: { id: access.account.id, name: access.account.name },
    });
  });
  return router;
}
