/**
 * The bodies of `POST /v1/requests`, `PATCH /v1/requests/:id` and
 * `POST /v1/requests/:id/notes`, as the OpenAPI document shows them, and
 * their parsing. Bodies check types only (and that every field is one a
 * caller can set): the use cases check values, all at once. Field names are
 * those of the events intake parameters (SPEC.md "Events intake API");
 * references are given by id.
 */
import { z } from 'zod';
import {
  CATEGORIES, COMPLETION_REASONS, IMPACTS, REQUEST_NOTE_MAX_LENGTH, REQUEST_SUBJECT_MAX_LENGTH, STATUSES, withInputProblems,
  type FieldError, type NoteCreateInput, type RequestCreateInput, type RequestUpdateInput,
} from '@tessera/domain';
import { writeInput, type RouteInput } from '@tessera/http';
import { DATETIME_RANGE_TEXT, humanize, parseIsoDatetime } from '@tessera/validation';

const MAX_ID = 2_147_483_647;

export const requestIdParams = z.object({
  id: z.string().regex(/^[1-9]\d{0,9}$/).transform(Number).pipe(z.int().max(MAX_ID)).describe('The request id; anything but a positive integer is not found'),
});

const text = (description: string) => z.string().nullable().optional().describe(description);
const oneOf = (values: readonly string[]) => z.string().nullable().optional().describe(`One of: ${values.join(', ')}`);
const datetime = (description: string) => z.string().nullable().optional().describe(`ISO 8601 datetime from ${DATETIME_RANGE_TEXT}; null clears it. ${description}`);
const id = (description: string) => z.int().nullable().optional().describe(`Id of ${description} of the account`);

const DATETIMES = ['desired_completion_at', 'downtime_start_at', 'downtime_end_at', 'waiting_until'] as const;

const changeFields = {
  subject: text(`At most ${REQUEST_SUBJECT_MAX_LENGTH} characters; never blank`),
  category: oneOf(CATEGORIES),
  impact: oneOf(IMPACTS),
  status: oneOf(STATUSES),
  completion_reason: oneOf(COMPLETION_REASONS).describe(`Used when status is completed: one of ${COMPLETION_REASONS.join(', ')}`),
  desired_completion_at: datetime('The requested_by person is e-mailed when it is set, changed or removed'),
  downtime_start_at: datetime('Start of a service outage'),
  downtime_end_at: datetime('End of a service outage; not before its start'),
  waiting_until: datetime('When a waiting_for request returns to assigned'),
  member_id: id('the person to assign'),
  team_id: id('the team to assign; null clears it'),
};

export const requestUpdateBodySchema = z.strictObject(changeFields).describe('The fields of the request to change; any other field is refused');

export const requestCreateBodySchema = z
  .strictObject({
    ...changeFields,
    subject: z.string().describe(`Required, at most ${REQUEST_SUBJECT_MAX_LENGTH} characters`),
    note: text(`A note added to the new request, at most ${REQUEST_NOTE_MAX_LENGTH} characters`),
    internal_note: text('An internal note added to the new request (needs a role in the account)'),
    source: text('At most 30 characters; default none'),
    source_id: text('At most 128 characters'),
    supplier_requestID: text('Identifier of the request at the supplier, at most 128 characters'),
    service_instance_id: id('the service instance'),
    ci_id: id('the configuration item'),
    requested_by_id: id('the requesting person; default the caller'),
    requested_for_id: id('the person the request is for; default the requested_by person'),
    supplier_id: id('the supplier organization'),
    problem_id: id('the related problem'),
    workflow_id: id('the related workflow'),
    template_id: id('the request template'),
  })
  .describe('A new request: only subject is needed when every default applies (README "Events intake")');

export const noteCreateBodySchema = z
  .strictObject({
    text: z.string().describe(`Required, at most ${REQUEST_NOTE_MAX_LENGTH} characters`),
    internal: z.boolean().nullable().optional().describe('Default false; an internal note needs a role in the account'),
  })
  .describe('A note to add to the request');

/** Datetimes as the events intake reads them (libs/validation); blank clears the field like null. */
function withDates<T extends Record<string, unknown>>(values: T): T {
  const out: Record<string, unknown> = { ...values };
  const errors: FieldError[] = [];
  for (const field of DATETIMES) {
    const value = out[field];
    if (typeof value !== 'string') continue;
    const date = value.trim() === '' ? null : parseIsoDatetime(value.trim());
    if (date === null && value.trim() !== '') errors.push([field, `${humanize(field)} is not a valid ISO 8601 datetime from ${DATETIME_RANGE_TEXT}`]);
    out[field] = date;
  }
  return withInputProblems(out, errors) as T;
}

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
