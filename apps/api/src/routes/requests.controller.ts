import { Router, type Response } from 'express';
import { CATEGORIES, IMPACTS, STATUSES, canReadRequest, notFound, requestReadScope, type RequestReadScope } from '@tessera/domain';
import { accessOf, requireScope, sendCollection } from '@tessera/http';
import { findRequest, findRequestView, listNoteViews, listRequestViews, type Database } from '@tessera/persistence';
import { parseCollectionQuery, type CollectionSpec } from '@tessera/validation';
import { presentNote, presentRequest, REQUEST_FIELDS } from '../presenters/request.presenter.js';

const REQUESTS: CollectionSpec = {
  fields: REQUEST_FIELDS,
  defaultFields: ['id', 'subject', 'category', 'impact', 'status', 'next_target_at', 'created_at', 'team', 'member', 'requested_for'],
  sortable: ['id', 'subject', 'category', 'impact', 'status', 'created_at', 'updated_at', 'completed_at'],
  filters: {
    id: 'integer', status: { enum: STATUSES }, category: { enum: CATEGORIES }, impact: { enum: IMPACTS }, source: 'string', sourceID: 'string',
    created_at: 'datetime', updated_at: 'datetime', completed_at: 'datetime', team_id: 'integer', member_id: 'integer',
    service_instance_id: 'integer', ci_id: 'integer',
  },
};

const NOTES: CollectionSpec = {
  fields: ['id', 'text', 'internal', 'person', 'created_at'],
  defaultFields: ['id', 'text', 'internal', 'person', 'created_at'],
  sortable: ['id', 'created_at'],
  filters: { id: 'integer', internal: 'boolean', created_at: 'datetime' },
};

/** Ids in paths are positive integers; anything else is simply not found. */
function idParam(raw: string | undefined): number {
  if (!raw || !/^[1-9]\d{0,9}$/.test(raw) || Number(raw) > 2_147_483_647) throw notFound();
  return Number(raw);
}

/** What the caller may read in the account of the call (see request-read-scope.ts in libs/domain). */
function readScope(res: Response): RequestReadScope {
  const access = accessOf(res);
  return requestReadScope(access, access.account.id, access.roles);
}

/** `GET /v1/requests`, `/v1/requests/:id` and `/v1/requests/:id/notes`, in the account of the call. */
export function requestsRouter(db: Database, apiUrl: string): Router {
  const router = Router();
  router.use('/requests', requireScope('request', 'Read'));
  router.get('/requests', async (req, res) => {
    const query = parseCollectionQuery(req.query as Record<string, unknown>, REQUESTS);
    const page = await listRequestViews(db, readScope(res), query);
    sendCollection(req, res, query, page, (view) => presentRequest(view, apiUrl), `${apiUrl}/requests`);
  });
  router.get('/requests/:id', async (req, res) => {
    const view = await findRequestView(db, readScope(res), idParam(req.params['id']));
    if (!view) throw notFound();
    res.json(presentRequest(view, apiUrl));
  });
  router.get('/requests/:id/notes', async (req, res) => {
    const id = idParam(req.params['id']);
    const query = parseCollectionQuery(req.query as Record<string, unknown>, NOTES);
    const scope = readScope(res);
    const request = await findRequest(db, scope.accountId, id);
    if (!request || !canReadRequest(scope, request)) throw notFound();
    sendCollection(req, res, query, await listNoteViews(db, scope, id, query), presentNote, `${apiUrl}/requests/${id}/notes`);
  });
  return router;
}
