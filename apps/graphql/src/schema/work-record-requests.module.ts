/**
 * The links between a request and the problem, workflow and project it belongs to (issue 32),
 * as REST shows them: `Request.problem` / `workflow` / `project` (null when none, or when the
 * caller may not read it), and the `requests` connection of a Problem, a Workflow and a Project,
 * as `/v1/problems/:id/requests` lists them: the requests the caller may see (an end user only
 * their own), through the same request visibility as every read of requests.
 */
import { connectionArgs } from '../connections/connection-sdl.js';
import { nestedConnection, reference } from '../connections/connection-resolvers.js';
import type { FieldNeeds } from '../field-needs.js';
import type { SchemaModule } from './schema-module.js';

const LINKS = [
  { type: 'Problem', field: 'problem', column: 'problem_id', noun: 'problem' },
  { type: 'Workflow', field: 'workflow', column: 'workflow_id', noun: 'workflow' },
  { type: 'Project', field: 'project', column: 'project_id', noun: 'project' },
] as const;

const needs: Record<string, FieldNeeds> = {};
for (const { type, field, noun } of LINKS) {
  needs[`Request.${field}`] = { action: `${noun}:Read` };
  needs[`${type}.requests`] = { action: 'request:Read' };
}

export const workRecordRequestsModule: SchemaModule = {
  typeDefs: /* GraphQL */ `
    extend type Request {
      ${LINKS.map(({ type, field }) => `"The ${field} the request is linked to; null when none, or when the caller may not read it."\n${field}: ${type}`).join('\n')}
    }
    ${LINKS.map(({ type, column }) => `
    extend type ${type} {
      "The requests linked to it (their ${column}) the caller may see; an end user sees only their own."
      requests(${connectionArgs('Request', false)}): RequestConnection!
    }`).join('\n')}
  `,
  needs,
  resolvers: {
    Request: Object.fromEntries(LINKS.map(({ type, field, column }) => [field, reference(type, column)])),
    ...Object.fromEntries(LINKS.map(({ type }) => [type, { requests: nestedConnection(`${type}.requests`) }])),
  },
};
