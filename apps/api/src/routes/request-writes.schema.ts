/**
 * The bodies of `POST /v1/requests`, `PATCH /v1/requests/:id` and
 * `POST /v1/requests/:id/notes`, as the OpenAPI document shows them, and
 * their parsing. Bodies check types only (and that every field is one a
 * caller can set): the use cases check values, all at once. The fields, their
 * names (those of the events intake parameters), types, lengths and values
 * come from the request's field declaration (REQUEST_RECORD in the domain);
 * references are given by id.
 */
import { z } from 'zod';
import { REQUEST_NOTE_MAX_LENGTH, REQUEST_RECORD, type NoteCreateInput, type RequestCreateInput, type RequestUpdateInput } from '@tessera/domain';
import { writeInput, type RouteInput } from '@tessera/http';
import { writeBodyShape } from '@tessera/validation';
import { bodyDatetimes } from './body-datetimes.js';

const MAX_ID = 2_147_483_647;

export const requestIdParams = z.object({
  id: z.string().regex(/^[1-9]\d{0,9}$/).transform(Number).pipe(z.int().max(MAX_ID)).describe('The request id; anything but a positive integer is not found'),
});


export const requestUpdateBodySchema = z
  .strictObject(writeBodyShape(REQUEST_RECORD, 'change'))
  .describe('The fields of the request to change; any other field is refused');

export const requestCreateBodySchema = z
  .strictObject(writeBodyShape(REQUEST_RECORD, 'create'))
  .describe('A new request: only subject is needed when every default applies (README "Events intake")');

export const noteCreateBodySchema = z
  .strictObject({
    text: z.string().describe(`Required, at most ${REQUEST_NOTE_MAX_LENGTH} characters`),
    internal: z.boolean().nullable().optional().describe('Default false; an internal note needs a role in the account'),
  })
  .describe('A note to add to the request');

const withDates = bodyDatetimes(REQUEST_RECORD);

const createBody = writeInput({ body: requestCreateBodySchema, what: 'a new request' });
const updateBody = writeInput({ params: requestIdParams, body: requestUpdateBodySchema, what: 'a request change' });
const noteBody = writeInput({ params: requestIdParams, body: noteCreateBodySchema, what: 'a note' });

export const createRequestInput: RouteInput<RequestCreateInput> = {
  ...createBody,
  parse: (raw) => withDates(createBody.parse(raw).body) as RequestCreateInput,
};

export const updateRequestInput: RouteInput<{ id: number; body: RequestUpdateInput }> = {
  ...updateBody,
  parse: (raw) => {
    const { params, body } = updateBody.parse(raw);
    return { id: params.id, body: withDates(body) as RequestUpdateInput };
  },
};

export const createNoteInput: RouteInput<{ id: number; body: NoteCreateInput }> = {
  ...noteBody,
  parse: (raw) => {
    const { params, body } = noteBody.parse(raw);
    return { id: params.id, body };
  },
};
