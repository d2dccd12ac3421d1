/**
 * The REST collection of every record of the engine (docs/decisions/039): `GET /v1/<path>`
 * with the collection conventions, `GET /v1/<path>/:id`, `POST`, `PATCH` and, where the
 * catalogue has `<noun>.delete`, `DELETE`, from its definition. Reads need `<noun>:Read`;
 * writes `<noun>:Create` / `:Update` / `:Delete` and the definition's writers, checked by the
 * use cases for REST and GraphQL alike.
 */
import { CURRENT_VIEWS, collectionViews, recordOfNode, isDomainError, notFound, presentNote, readNameOf, presentRecord, withArticle, type CurrentView, type NoteCreateInput, type RecordDefinition } from '@tessera/domain';
import { PAGINATION_HEADERS, collectionQuerySchema, defineRoute, sendCollection, writeInput, type RouteTable } from '@tessera/http';
import { collectionSpecOf, parseCollectionQuery, type PageSizeLimits } from '@tessera/validation';
import { z } from 'zod';
import type { ApiServices } from '../services.js';
import { idParams, recordIdParam, recordInputs, recordSchemas, underInput } from './record.schema.js';
import { OWN_SCHEMAS } from './record-own-schemas.js';
import { noteFieldsSchema, noteSchema } from './request.schema.js';
import { noteCreateBodySchema } from './request-writes.schema.js';
import { NOTES } from './requests.routes.js';

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
/** `for_requests` → `ForRequests`, in an operation id. */
const pascal = (text: string) => text.split('_').map(capitalized).join('');

/** What a collection of a record with `current` lists (define-record.ts RecordCurrent), on the database clock. */
function currentDescription(def: RecordDefinition, view: CurrentView | null): string {
  const { from, until, unless } = def.current!;
  const active = `\`${unless}\` false, \`${from}\` reached and \`${until}\` not (or none)`;
  const views = CURRENT_VIEWS.map((name) => `\`/${def.path}/${name}\``).join(', ');
  switch (view) {
    case null:
      return `The ${def.plural} shown now: ${active}, on the database clock. Predefined filters: ${views}.`;
    case 'active':
      return `The ${def.plural} shown now (as \`/${def.path}\`): ${active}.`;
    case 'inactive':
      return `The ${def.plural} not shown now: \`${unless}\` true, \`${from}\` not reached or \`${until}\` passed.`;
    case 'all':
      return `Every ${def.what}, shown now or not.`;
  }
}

export function recordRoutes(def: RecordDefinition, services: ApiServices, apiUrl: string, pageSize: PageSizeLimits): RouteTable {
  const collection = collectionSpecOf(def.fields);
  const schemas = OWN_SCHEMAS[def.node] ?? recordSchemas(def);
  const inputs = OWN_SCHEMAS[def.node] ?? recordInputs(def, schemas.one);
  const { list: listed, get, create, update } = def.operations;
  const present = (view: Parameters<typeof presentRecord>[1]) => presentRecord(def, view);
  const base = `/v1/${def.path}` as const;
  const type = def.node;
  const tag = def.plural;
  const scope = <A extends 'Read' | 'Create' | 'Update' | 'Delete'>(action: A) => `${def.noun}:${action}` as const;
  const writers = def.writers;
  const who = 'note' in writers ? { note: writers.note } : { role: writers.roles[0] };
  /** The collection, or one of its predefined filters (`/v1/broadcasts/inactive`, `/v1/automation_rules/for_requests`: define-record.ts collectionViews). */
  const list = (view: string | null) => {
    const filter = view === null ? undefined : def.predefined[view];
    return defineRoute({
      method: 'get',
      path: view === null ? base : `${base}/${view}`,
      operationId: view === null ? (listed?.operationId ?? `list${type}s`) : `list${pascal(view)}${type}s`,
      tag,
      summary: view === null ? (listed?.summary ?? `${capitalized(def.plural)} of the account${def.current ? ' shown now' : ''}`) : `${capitalized(def.plural)} of the account: ${view}`,
      ...(def.current
        ? { description: currentDescription(def, view as CurrentView | null) }
        : filter ? { description: `${filter.summary}, with the collection's paging, sorting, filters and fields.` }
        : view === null && listed?.description ? { description: listed.description } : {}),
      needs: { scope: scope('Read') },
      input: { query: collectionQuerySchema(collection, pageSize), parse: ({ query }) => parseCollectionQuery(query, collection, pageSize) },
      responses: { 200: { description: `One page of ${def.plural}, with the selected fields`, schema: z.array(schemas.listed), headers: PAGINATION_HEADERS } },
      errors: [400],
      handler: async ({ req, res, access, input: query }) => {
        const page = await services.records.list(def, access, view === null ? query : { ...query, view });
        sendCollection(req, res, query, page, present, `${apiUrl}/${def.path}${view === null ? '' : `/${view}`}`);
      },
    });
  };
  return [
    list(null),
    // Before `/:id`, which they would otherwise match; `all` of a record without `current` is its collection.
    ...collectionViews(def).filter((view) => def.current !== null || view !== 'all').map(list),
    defineRoute({
      method: 'get',
      path: `${base}/:id`,
      operationId: get?.operationId ?? `get${type}`,
      tag,
      summary: get?.summary ?? `One ${def.what}, with every field`,
      ...(get?.description ? { description: get.description } : {}),
      needs: { scope: scope('Read') },
      input: { params: idParams(def.what), parse: ({ params }) => ({ id: recordIdParam(params['id']) }) },
      responses: { 200: { description: `The ${def.what}`, schema: schemas.one } },
      errors: [404],
      handler: async ({ res, access, input }) => {
        res.json(present(await services.records.get(def, access, input.id)));
      },
    }),
    ...(createdUnder(def) ? [] : [defineRoute({
      method: 'post',
      path: base,
      operationId: create?.operationId ?? `create${type}`,
      tag,
      summary: create?.summary ?? `Create ${withArticle(def.what)}`,
      description: create?.description ?? def.describe.create,
      needs: { ...who, scope: scope('Create'), answer: scope('Read') },
      input: inputs.create,
      responses: { 201: { description: `The new ${def.what}, with every field`, schema: schemas.one } },
      errors: [422],
      handler: async ({ res, access, input }) => {
        res.status(201).json(present(await services.records.create(def, access, input)));
      },
    })]),
    ...childRoutes(def, services, apiUrl, pageSize),
    ...linkRoutes(def, services, apiUrl, pageSize),
    defineRoute({
      method: 'patch',
      path: `${base}/:id`,
      operationId: update?.operationId ?? `update${type}`,
      tag,
      summary: update?.summary ?? `Change ${withArticle(def.what)}`,
      description: update?.description ?? def.describe.update,
      needs: { ...who, scope: scope('Update'), answer: scope('Read') },
      input: inputs.update,
      responses: { 200: { description: `The ${def.what}, with every field, after the change`, schema: schemas.one } },
      errors: [404, 422],
      handler: async ({ res, access, input: { id, body } }) => {
        res.json(present(await services.records.update(def, access, id, body)));
      },
    }),
    ...(def.notes ? noteRoutes(def, services, apiUrl, pageSize) : []),
    ...(def.deletable
      ? [
          defineRoute({
            method: 'delete',
            path: `${base}/:id`,
            operationId: `delete${type}`,
            tag,
            summary: `Delete ${withArticle(def.what)}`,
            description: def.describe.delete ?? `Fires ${def.noun}.delete with what the ${def.what} held.`,
            needs: { ...who, scope: scope('Delete') },
            input: { params: idParams(def.what), parse: ({ params }) => ({ id: recordIdParam(params['id']) }) },
            responses: { 204: { description: 'Deleted; no body' } },
            errors: [404],
            handler: async ({ res, access, input }) => {
              await services.records.delete(def, access, input.id);
              res.status(204).end();
            },
          }),
        ]
      : []),
  ];
}

/** `GET` and `POST /v1/<path>/:id/notes` of a record whose definition has notes (record-notes.ts). */
function noteRoutes(def: RecordDefinition, services: ApiServices, apiUrl: string, pageSize: PageSizeLimits): RouteTable {
  const base = `/v1/${def.path}/:id/notes` as const;
  const noteBody = writeInput({ params: z.object({ id: z.string() }), body: noteCreateBodySchema.describe(`A note to add to the ${def.what}`), what: 'a note' });
  return [
    defineRoute({
      method: 'get',
      path: base,
      operationId: `list${def.node}Notes`,
      tag: def.plural,
      summary: `The notes of ${withArticle(def.what)}`,
      needs: { scope: `${def.noun}:Read` },
      input: {
        params: idParams(def.what),
        query: collectionQuerySchema(NOTES, pageSize),
        parse: ({ params, query }) => ({ id: recordIdParam(params['id']), query: parseCollectionQuery(query, NOTES, pageSize) }),
      },
      responses: { 200: { description: 'One page of notes, with the selected fields', schema: z.array(noteFieldsSchema), headers: PAGINATION_HEADERS } },
      errors: [400, 404],
      handler: async ({ req, res, access, input: { id, query } }) => {
        sendCollection(req, res, query, await services.records.notes(def, access, id, query), presentNote, `${apiUrl}/${def.path}/${id}/notes`);
      },
    }),
    defineRoute({
      method: 'post',
      path: base,
      operationId: `create${def.node}Note`,
      tag: def.plural,
      summary: `Add a note to ${withArticle(def.what)}`,
      description: `Fires ${def.noun}.note-added. Whoever may change the ${def.what} may add a note; notes of ${def.plural} are never internal.`,
      needs: { scope: `${def.noun}:Update`, answer: `${def.noun}:Read` },
      input: {
        ...noteBody,
        parse: (raw) => {
          const { params, body } = noteBody.parse(raw);
          return { id: recordIdParam(params.id), body: body as NoteCreateInput };
        },
      },
      responses: { 201: { description: 'The new note', schema: noteSchema } },
      errors: [404, 422],
      handler: async ({ res, access, input: { id, body } }) => {
        res.status(201).json(presentNote(await services.records.addNote(def, access, id, body)));
      },
    }),
  ];
}

/** A create under a record of the parent, the reference from the path: a path naming no record of the account is not found, whatever else the body holds. */
async function createUnder(services: ApiServices, def: RecordDefinition, access: Parameters<ApiServices['records']['create']>[1], field: string, id: number, body: object) {
  try {
    return await services.records.create(def, access, { ...body, [field]: id });
  } catch (error) {
    if (isDomainError(error) && error.errors.some(([name]) => name === field)) throw notFound();
    throw error;
  }
}

/** Whether the record is created only under its parent (define-record.ts RecordParent `create`). */
const createdUnder = (def: RecordDefinition) => Object.values(def.parents).some((parent) => parent.create);

/**
 * `GET /v1/<parent path>/:id/<path>`, the records under one record of its parent (a workflow's
 * tasks), and where the record is created there, `POST` (define-record.ts RecordParent). The
 * parent is read first: one of another account, or none, is not found.
 */
function childRoutes(def: RecordDefinition, services: ApiServices, apiUrl: string, pageSize: PageSizeLimits): RouteTable {
  const collection = collectionSpecOf(def.fields);
  const schemas = recordSchemas(def);
  return Object.entries(def.parents).flatMap(([field, { path, create }]) => {
    const parent = recordOfNode((def.fields.fields[field] as { target: string }).target)!;
    const base = `/v1/${parent.path}/:id/${path}` as const;
    // `listWorkflowTasks`; where that is the record's own collection (`listProjectTasks`), `listProjectTasksOfProject`.
    const named = `${parent.node}${capitalized(path)}`;
    const operation = named === `${def.node}s` ? `${def.node}sOf${parent.node}` : named;
    const under = underInput(def, schemas.one, field, parent.what);
    return [
      defineRoute({
        method: 'get',
        path: base,
        operationId: `list${operation}`,
        tag: def.plural,
        summary: `The ${def.plural} of ${withArticle(parent.what)}`,
        needs: { scope: `${def.noun}:Read` },
        input: {
          params: idParams(parent.what),
          query: collectionQuerySchema(collection, pageSize),
          parse: ({ params, query }) => ({ id: recordIdParam(params['id']), query: parseCollectionQuery(query, collection, pageSize) }),
        },
        responses: { 200: { description: `One page of ${def.plural}, with the selected fields`, schema: z.array(schemas.listed), headers: PAGINATION_HEADERS } },
        errors: [400, 404],
        handler: async ({ req, res, access, input: { id, query } }) => {
          await services.records.get(parent, access, id);
          const page = await services.records.list(def, access, { ...query, filters: [...query.filters, { field, operator: 'in', values: [id] }] });
          sendCollection(req, res, query, page, (view) => presentRecord(def, view), `${apiUrl}/${parent.path}/${id}/${path}`);
        },
      }),
      ...(create
        ? [
            defineRoute({
              method: 'post',
              path: base,
              operationId: `create${parent.node}${def.node}`,
              tag: def.plural,
              summary: `Create ${withArticle(def.what)} of ${withArticle(parent.what)}`,
              description: def.describe.create,
              needs: { ...('note' in def.writers ? { note: def.writers.note } : { role: def.writers.roles[0] }), scope: `${def.noun}:Create`, answer: `${def.noun}:Read` },
              input: under,
              responses: { 201: { description: `The new ${def.what}, with every field`, schema: schemas.one } },
              errors: [404, 422],
              handler: async ({ res, access, input: { id, body } }) => {
                res.status(201).json(presentRecord(def, await createUnder(services, def, access, field, id, body)));
              },
            }),
          ]
        : []),
    ];
  });
}

/**
 * `GET /v1/<path>/:id/<list>`: the records a link list of the record holds (a risk's organizations,
 * a contract's CIs), with the collection conventions of their own collection, for each list of
 * records of the engine (../shared/RECORDS.md §1's sub-collections). The record's Read and theirs.
 */
function linkRoutes(def: RecordDefinition, services: ApiServices, apiUrl: string, pageSize: PageSizeLimits): RouteTable {
  return Object.keys(def.links).flatMap((field) => {
    const declared = def.fields.fields[field]!;
    const list = readNameOf(field, declared);
    const target = declared.type === 'references' ? recordOfNode(declared.target) : undefined;
    if (!target || list === null) return [];
    const collection = collectionSpecOf(target.fields);
    const schemas = OWN_SCHEMAS[target.node] ?? recordSchemas(target);
    const operation = list.split('_').map(capitalized).join('');
    return [
      defineRoute({
        method: 'get',
        path: `/v1/${def.path}/:id/${list}`,
        operationId: `list${def.node}${operation}`,
        tag: def.plural,
        summary: `The ${target.plural} ${withArticle(def.what)} holds (its \`${field}\`)`,
        // The record is read first, then what it holds: both Reads, checked before anything runs.
        needs: { scope: `${def.noun}:Read`, answer: `${target.noun}:Read` },
        input: {
          params: idParams(def.what),
          query: collectionQuerySchema(collection, pageSize),
          parse: ({ params, query }) => ({ id: recordIdParam(params['id']), query: parseCollectionQuery(query, collection, pageSize) }),
        },
        responses: { 200: { description: `One page of ${target.plural}, with the selected fields`, schema: z.array(schemas.listed), headers: PAGINATION_HEADERS } },
        errors: [400, 404],
        handler: async ({ req, res, access, input: { id, query } }) => {
          const page = await services.records.linked(def, field, access, id, query);
          sendCollection(req, res, query, page, (view) => presentRecord(target, view), `${apiUrl}/${def.path}/${id}/${list}`);
        },
      }),
    ];
  });
}
