/**
 * `POST /v1/people` (201) and `PATCH /v1/people/:id` (200): people of the account of the
 * call, by its administrators. Each publishes person.create / person.update. A person of
 * the directory account, visible from its support domains, is changed there only (403).
 */
import { presentPerson } from '@tessera/domain';
import { defineRoute, type RouteTable } from '@tessera/http';
import type { ApiServices } from '../services.js';
import { createPersonInput, updatePersonInput } from './person-writes.schema.js';
import { personSchema } from './person.schema.js';

export function peopleWritesRoutes(services: ApiServices): RouteTable {
  return [
    defineRoute({
      method: 'post',
      path: '/v1/people',
      operationId: 'createPerson',
      tag: 'people',
      summary: 'Create a person',
      description: 'Only `name` and `primary_email` are needed; locale en-US, time zone UTC, enabled and no role (an end user) by default. The primary e-mail is unique across every account, whatever its case. Fires person.create.',
      needs: { role: 'administrator', scope: 'person:Create', answer: 'person:Read' },
      input: createPersonInput,
      responses: { 201: { description: 'The new person, with every field', schema: personSchema } },
      errors: [422],
      handler: async ({ res, access, input }) => {
        res.status(201).json(presentPerson(await services.createPerson(access, input)));
      },
    }),
    defineRoute({
      method: 'patch',
      path: '/v1/people/:id',
      operationId: 'updatePerson',
      tag: 'people',
      summary: 'Change a person',
      description:
        'Name, primary e-mail, locale, time zone, disabled, and roles in the account of the call. Disabling a person or removing a role takes effect on their next call. ' +
        'Fires person.update; a change that changes nothing fires nothing. A person of the directory account is changed in the directory account only (403).',
      needs: { role: 'administrator', scope: 'person:Update', answer: 'person:Read' },
      input: updatePersonInput,
      responses: { 200: { description: 'The person, with every field, after the change', schema: personSchema } },
      errors: [404, 422],
      handler: async ({ res, access, input: { id, body } }) => {
        res.json(presentPerson(await services.updatePerson(access, id, body)));
      },
    }),
  ];
}
