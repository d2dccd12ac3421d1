/**
 * The parameters of `POST /v1/events` as the OpenAPI document shows them,
 * derived from the table parseEventInput reads (types, lengths, values, and
 * the purpose of each, from the request's field declaration in the domain).
 */
import { z } from 'zod';
import type { EventInput } from '@tessera/domain';
import { DATETIME_RANGE_TEXT, EVENT_PARAMETER_ALIASES, EVENT_PARAMETERS, type EventParameterKind, type IntakeParameter } from '@tessera/validation';

/** What the events intake does beyond what the request API does with the same field. */
const IN_THE_INTAKE: Partial<Record<keyof EventInput, string>> = {
  subject: 'required, in the query or the body',
  source: 'default `Event`',
  source_id: 'alias `sourceID`',
  team: 'an invalid team is replaced by the default team',
  team_id: 'an invalid team is replaced by the default team',
};

function schemaOf(kind: EventParameterKind): z.ZodType {
  switch (kind.type) {
    case 'text':
    case 'name':
      return z.string().max(kind.max);
    case 'enum':
      return z.enum(kind.values as [string, ...string[]]);
    case 'datetime':
      return z.string();
    case 'id':
      return z.coerce.number().int().min(1).max(2_147_483_647);
  }
}

function parameterSchema(field: keyof EventInput, { kind, purpose }: IntakeParameter): z.ZodType {
  const note = IN_THE_INTAKE[field] ? ` (${IN_THE_INTAKE[field]})` : '';
  const format = kind.type === 'datetime' ? ` An ISO 8601 datetime from ${DATETIME_RANGE_TEXT}; without an offset, UTC.` : '';
  const clearable = kind.type === 'text' && kind.required ? '' : ' An empty value clears it.';
  return schemaOf(kind).optional().describe(`${purpose}${note}.${format}${clearable}`);
}

const aliases = Object.fromEntries(
  Object.entries(EVENT_PARAMETER_ALIASES).map(([alias, field]) => [alias, z.string().optional().describe(`Alias of \`${field}\``)]),
);

/** Every parameter, each optional here: `subject` may come from the query or from the body. */
export const eventInputSchema = z
  .object({
    ...Object.fromEntries((Object.entries(EVENT_PARAMETERS) as Array<[keyof EventInput, IntakeParameter]>).map(([field, parameter]) => [field, parameterSchema(field, parameter)])),
    ...aliases,
  })
  .describe('Event parameters, as a JSON object or a form; the same ones as the query string. A parameter given twice with different values is a 422.');
