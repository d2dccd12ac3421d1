import { Router } from 'express';
import { submitEvent } from '@tessera/domain';
import { accessOf } from '@tessera/http';
import { createEventsStore, findRequestView, type Database } from '@tessera/persistence';
import { parseEventInput } from '@tessera/validation';
import { presentRequest } from '../presenters/request.presenter.js';

/**
 * `POST /v1/events` (SPEC.md "Events intake API"): 201 + the new request, or 200 + the matched one.
 * The use case checks the scopes: request:Read for the answer, then request:Create or request:Update.
 */
export function eventsRouter(db: Database, apiUrl: string): Router {
  const router = Router();
  const store = createEventsStore(db);
  router.post('/events', async (req, res) => {
    const input = parseEventInput(req.query as Record<string, unknown>, req.body as Record<string, unknown> | undefined);
    const outcome = await submitEvent(input, { access: accessOf(res), now: new Date() }, store);
    const view = await findRequestView(db, outcome.scope, outcome.request.id);
    if (!view) throw new Error(`request ${outcome.request.id} vanished after the event`);
    res.status(outcome.created ? 201 : 200).json(presentRequest(view, apiUrl));
  });
  return router;
}
