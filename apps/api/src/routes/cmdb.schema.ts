/**
 * The configuration item and service instance JSON of `/v1/cis` and `/v1/service_instances`
 * as the OpenAPI document shows it, and their write bodies, each from its declaration in the
 * domain (CONFIGURATION_ITEM_RECORD, SERVICE_INSTANCE_RECORD); cmdb.presenter.ts writes the
 * answers. Bodies check types only (and that every field is one a caller can set): the use
 * cases check values, all at once.
 */
import { z } from 'zod';
import {
  CONFIGURATION_ITEM_RECORD, SERVICE_INSTANCE_RECORD, notFound,
  type ConfigurationItemCreateInput, type ConfigurationItemUpdateInput, type ServiceInstanceCreateInput, type ServiceInstanceUpdateInput,
} from '@tessera/domain';
import { writeInput, type RouteInput } from '@tessera/http';
import { answerShape, writeBodyShape } from '@tessera/validation';
import { referenceSchema } from './request.schema.js';
import { requestIdOf } from './requests.routes.js';

const nodeId = z.string().describe('Global node ID: URL-safe base64 of `tessera/<Type>/<id>`');
const MAX_ID = 2_147_483_647;

export const configurationItemSchema = z
  .object({ ...answerShape(CONFIGURATION_ITEM_RECORD, referenceSchema.nullable()), nodeID: nodeId })
  .describe('A configuration item, with every field');

export const serviceInstanceSchema = z
  .object({ ...answerShape(SERVICE_INSTANCE_RECORD, referenceSchema.nullable()), nodeID: nodeId })
  .describe('A service instance, with every field');

/** A collection returns the selected fields (`fields`, default the collection fields), `id` and `nodeID` always. */
export const configurationItemFieldsSchema = configurationItemSchema.partial().required({ nodeID: true }).extend({ id: z.int() }).describe('A configuration item with the selected fields');
export const serviceInstanceFieldsSchema = serviceInstanceSchema.partial().required({ nodeID: true }).extend({ id: z.int() }).describe('A service instance with the selected fields');

/** An id of a path; anything that cannot be one is not found. */
export function recordIdParam(raw: string | undefined): number {
  const id = requestIdOf(raw);
  if (id === null) throw notFound();
  return id;
}

export const idParams = (what: string) => z.object({ id: z.string().describe(`The ${what} id; anything but a positive integer is not found`) });

const writeIdParams = (what: string) => z.object({
  id: z.string().regex(/^[1-9]\d{0,9}$/).transform(Number).pipe(z.int().max(MAX_ID)).describe(`The ${what} id; anything but a positive integer is not found`),
});

/** The bodies of a record's writes; a field of its answer that a write cannot set is refused as read-only. */
function writeInputs<C, U>(declaration: typeof CONFIGURATION_ITEM_RECORD | typeof SERVICE_INSTANCE_RECORD, answer: z.ZodObject, what: string, idName: string, needed: string) {
  const readOnly = Object.keys(answer.shape);
  const createBody = writeInput({ body: z.strictObject(writeBodyShape(declaration, 'create')).describe(`A new ${idName}: ${needed}`), what, readOnly });
  const updateBody = writeInput({
    params: writeIdParams(idName), body: z.strictObject(writeBodyShape(declaration, 'change')).describe(`The fields of the ${idName} to change; any other field is refused`), what, readOnly,
  });
  const create: RouteInput<C> = { ...createBody, parse: (raw) => createBody.parse(raw).body as C };
  const update: RouteInput<{ id: number; body: U }> = {
    ...updateBody,
    parse: (raw) => {
      const { params, body } = updateBody.parse(raw);
      return { id: params.id, body: body as U };
    },
  };
  return { create, update };
}

export const ciInputs = writeInputs<ConfigurationItemCreateInput, ConfigurationItemUpdateInput>(CONFIGURATION_ITEM_RECORD, configurationItemSchema, 'a configuration item', 'configuration item', 'only name is needed');
export const serviceInstanceInputs = writeInputs<ServiceInstanceCreateInput, ServiceInstanceUpdateInput>(SERVICE_INSTANCE_RECORD, serviceInstanceSchema, 'a service instance', 'service instance', 'only name is needed');
