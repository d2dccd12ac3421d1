/**
 * The request and note JSON of the REST API as the OpenAPI document shows it
 * (SPEC.md "Request (as returned by the events intake API)"); request.presenter.ts
 * writes it, and apps/api/test/openapi.spec.ts checks real answers against it.
 */
import { z } from 'zod';
import { CATEGORIES, COMPLETION_REASONS, FEEDBACK_ANSWERS, IMPACTS, STATUSES } from '@tessera/domain';

const datetime = z.iso.datetime({ offset: true });
const nodeId = z.string().describe('Global node ID: URL-safe base64 of `tessera/<Type>/<id>`');

export const referenceSchema = z
  .object({ id: z.int(), name: z.string().nullable(), nodeID: nodeId })
  .describe('A reference to another record');

const reference = referenceSchema.nullable();

export const requestSchema = z
  .object({
    id: z.int(),
    subject: z.string(),
    category: z.enum(CATEGORIES),
    status: z.enum(STATUSES),
    impact: z.enum(IMPACTS).nullable(),
    completion_reason: z.enum(COMPLETION_REASONS).nullable(),
    service_instance: reference,
    organization: reference,
    requested_by: reference,
    requested_for: reference,
    created_by: reference,
    member: reference,
    team: reference,
    supplier: reference,
    workflow: z.object({ id: z.int(), subject: z.string().nullable(), nodeID: nodeId }).nullable(),
    problem: reference,
    project: reference,
    ci: reference,
    template: reference,
    knowledge_article: reference,
    grouped_into: reference,
    created_at: datetime,
    updated_at: datetime,
    completed_at: datetime.nullable(),
    desired_completion_at: datetime.nullable(),
    downtime_start_at: datetime.nullable(),
    downtime_end_at: datetime.nullable(),
    waiting_until: datetime.nullable(),
    response_target_at: datetime.nullable(),
    resolution_target_at: datetime.nullable(),
    requester_resolution_target_at: datetime.nullable(),
    next_target_at: z.string().describe('The next target as a datetime, `no_target`, or `clock_stopped` while waiting'),
    resolution_duration: z.number().nullable(),
    source: z.string().nullable(),
    sourceID: z.string().nullable(),
    supplier_requestID: z.string().nullable(),
    grouping: z.string(),
    satisfaction: z.enum(FEEDBACK_ANSWERS).nullable().describe('The requested_by person’s answer through a feedback link; null before any answer'),
    custom_fields: z.unknown(),
    new_assignment: z.boolean(),
    reviewed: z.boolean(),
    urgent: z.boolean(),
    addressed: z.boolean(),
    feedback: z.object({ requested_by: z.object({ satisfied_url: z.url(), dissatisfied_url: z.url() }) })
      .describe('Signed links for the requested_by person (e.g. in an e-mail): opening one sets `satisfaction` (GET /v1/requests/{id}/feedback)'),
    nodeID: nodeId,
  })
  .describe('A request, with every field');

/** A collection returns the selected fields (`fields`, default the collection fields), `id` and `nodeID` always. */
export const requestFieldsSchema = requestSchema.partial().required({ id: true, nodeID: true }).describe('A request with the selected fields');

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
