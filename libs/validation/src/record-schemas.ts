/**
 * The inputs of a record's writes derived from its declaration in the domain
 * (docs/decisions/031, libs/domain records/record-fields.ts):
 * - `writeBodyShape`: the fields of a REST write body. It checks types only
 *   (the use case checks values, every problem at once), and shows lengths and
 *   values in the OpenAPI document;
 * - `intakeParameters`: the events intake's parameters, each with how
 *   parseEventInput reads it and its purpose; a reference is given by id or
 *   by one of its lookups (`member_id` or `member`).
 */
import { z } from 'zod';
import { describeField, fieldsWritten, withArticle, type FieldDeclaration, type RecordDeclaration, type WriteMode } from '@tessera/domain';
import { DATETIME_RANGE_TEXT } from './filter-value.js';

const listed = (values: readonly string[]) => values.join(', ');

function bodyField(field: FieldDeclaration, mode: WriteMode): z.ZodType {
  const description = describeField(field);
  const blank = field.required || field.notBlank ? '; never blank' : '';
  switch (field.type) {
    case 'text': {
      const text = field.max === undefined ? z.string() : z.string().meta({ maxLength: field.max });
      const most = field.max === undefined ? 'Any length' : `At most ${field.max} characters`;
      if (field.required && mode === 'create') return text.describe(`${description}. Required; ${most.toLowerCase()}`);
      return text.nullable().optional().describe(`${description}. ${most}${blank}`);
    }
    case 'enum':
      return z.string().meta({ enum: [...field.values] }).nullable().optional().describe(`${description}. One of: ${listed(field.values)}${blank}`);
    case 'datetime':
      return z.string().nullable().optional().describe(`${description}. ISO 8601 datetime from ${DATETIME_RANGE_TEXT}; null clears it`);
    case 'reference':
      return z.int().nullable().optional().describe(describeField(field, `: the id of ${withArticle(field.target)} of the account`));
    case 'references':
      return z.array(z.int()).nullable().optional()
        .describe(describeField(field, `: the ids of ${field.target} records of the account, at most ${field.max}; given, the list replaces the record's, [] or null clears it`));
    case 'integer':
      return z.int().nullable().optional().describe(description);
    case 'boolean':
      return z.boolean().nullable().optional().describe(description);
    case 'json':
      return z.unknown().describe(description);
  }
}

/** The fields of a body that creates (`'create'`) or changes (`'change'`) a record of the declaration. */
export function writeBodyShape(declaration: RecordDeclaration, mode: WriteMode): Record<string, z.ZodType> {
  return Object.fromEntries(fieldsWritten(declaration, mode).map((name) => [name, bodyField(declaration.fields[name]!, mode)]));
}

export type Kind =
  | { type: 'text'; max: number; required?: boolean }
  | { type: 'enum'; values: readonly string[] }
  | { type: 'datetime' }
  | { type: 'id' }
  | { type: 'name'; max: number };

export interface IntakeParameter {
  kind: Kind;
  purpose: string;
}

function parametersOf(name: string, field: FieldDeclaration): Array<[string, IntakeParameter]> {
  const purpose = describeField(field);
  switch (field.type) {
    case 'text':
      if (field.max === undefined) throw new Error(`${name}: an events intake text needs its maximum length`);
      return [[name, { kind: { type: 'text', max: field.max, ...(field.required ? { required: true } : {}) }, purpose }]];
    case 'enum':
      return [[name, { kind: { type: 'enum', values: field.values }, purpose }]];
    case 'datetime':
      return [[name, { kind: { type: 'datetime' }, purpose }]];
    case 'reference': {
      const lookups = (field.lookups ?? []).map(({ param, max, by }): [string, IntakeParameter] => [param, { kind: { type: 'name', max }, purpose: describeField(field, `, by ${by}`) }]);
      const id: [string, IntakeParameter] = [name, { kind: { type: 'id' }, purpose: describeField(field, ', by id') }];
      // The record's name first, then its id, then any other lookup (ci, ci_id, ci_source, ci_sourceID).
      return [...lookups.slice(0, 1), id, ...lookups.slice(1)];
    }
    default:
      throw new Error(`The events intake has no parameter of type ${field.type} (${name})`);
  }
}

/** The events intake's parameters for the fields of a new record of the declaration, in its order. */
export function intakeParameters(declaration: RecordDeclaration): Record<string, IntakeParameter> {
  return Object.fromEntries(fieldsWritten(declaration, 'create').flatMap((name) => parametersOf(name, declaration.fields[name]!)));
}
