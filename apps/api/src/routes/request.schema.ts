/**
 * The request and note JSON of the REST API as the OpenAPI document shows it
 * (SPEC.md "Request (as returned by the events intake API)"), the request's
 * fields from their declaration in the domain (REQUEST_RECORD); request.presenter.ts
 * writes it, and apps/api/test/openapi.spec.ts checks real answers against it.
 */
import { z } from 'zod';
import { REQUEST_RECORD } from '@tessera/domain';
import { answerShape } from '@tessera/validation';

const datetime = z.iso.datetime({ offset: true });
const nodeId = z.string().describe('Global node ID: URL-safe base64 of `tessera/<Type>/<id>`');

export const referenceSchema = z
  .object({ id: z.int(), name: z.string().nullable(), nodeID: nodeId })
  .describe('A reference to another record');

const reference = referenceSchema.nullable();

/** Every field of the request's declaration (REQUEST_RECORD); below, the shapes its presenter computes. */
export const requestSchema = z
  .object({
    ...answerShape(REQUEST_RECORD, reference),
    workflow: z.object({ id: z.int(), subject: z.string().nullable(), nodeID: nodeId }).nullable(),
    // Seconds; documented as a number since the first version of the document.
    resolution_duration: z.number().nullable().describe('Seconds'),
    feedback: z.object({ requested_by: z.object({ satisfied_url: z.url(), dissatisfied_url: z.url() }) })
      .describe('Signed links for the requested_by person (e.g. in an e-mail): opening one sets `satisfaction` (GET /v1/requests/{id}/feedback)'),
    nodeID: nodeId,
  })
  .describe('A request, with every field');

/** A collection returns the selected fields (`fields`, default the collection fields), `id` and `nodeID` always. */
export const requestFieldsSchema = requestSchema.partial().required({ nodeID: true }).extend({ id: z.int() }).describe('A request with the selected fields');

export const noteSchema = z
  .object({
    id: z.int(),
    text: z.string(),
    internal: z.boolean(),
    person: referenceSchema,
    created_at: datetime,
    nodeID: nodeId,
  })
  .describe('A note of a request');

export const noteFieldsSchema = noteSchema.partial().required({ id: true, nodeID: true }).describe('A note with the selected fields');
