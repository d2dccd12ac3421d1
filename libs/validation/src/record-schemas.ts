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
import { MAX_RECORD_ID, describeField, fieldsWritten, withArticle, type FieldDeclaration, type ItemField, type ListItem, type RecordDeclaration, type WriteMode } from '@tessera/domain';
import { DATETIME_RANGE_TEXT } from './filter-value.js';
import { reference } from './write-body.js';

const listed = (values: readonly string[]) => values.join(', ');

/** A field of a list's objects: checked here, as the use case takes the list as it is typed. */
function itemField(field: ItemField): z.ZodType {
  const schema = field.type === 'text' ? z.string().max(field.max) : z.boolean();
  const described = field.description ? schema.describe(field.description) : schema;
  return field.required ? described : described.optional();
}

function listItem(item: ListItem): z.ZodType {
  if (item.type === 'text') return z.string();
  if (item.type === 'enum') return z.string().meta({ enum: [...item.values] });
  return z.strictObject(Object.fromEntries(Object.entries(item.fields).map(([name, field]) => [name, itemField(field)])));
}

/** `null` allowed unless the declaration refuses it; absent allowed. */
const optional = (field: FieldDeclaration, schema: z.ZodType) => (field.nullable === false ? schema : schema.nullable()).optional();

function sizeText(field: Extract<FieldDeclaration, { type: 'text' }>): string {
  if (field.maxBytes !== undefined) return `At most ${field.maxBytes / 1024} KB`;
  return field.max === undefined ? 'Any length' : `At most ${field.max} characters`;
}

function bodyField(field: FieldDeclaration, mode: WriteMode): z.ZodType {
  const description = describeField(field);
  const blank = field.required || field.notBlank ? '; never blank' : '';
  switch (field.type) {
    case 'text': {
      const meta = {
        ...(field.max === undefined ? {} : { maxLength: field.max }), ...(field.format ? { format: field.format } : {}), ...(field.example === undefined ? {} : { examples: [field.example] }),
      };
      const text = Object.keys(meta).length === 0 ? z.string() : z.string().meta(meta);
      const most = sizeText(field);
      if (field.required && mode === 'create') return text.describe(`${description}. Required; ${most.toLowerCase()}`);
      return optional(field, text).describe(`${description}. ${most}${blank}`);
    }
    case 'enum': {
      // A value in any letter case is not one of the schema's values: the description lists them.
      const text = field.anyCase ? z.string() : z.string().meta({ enum: [...field.values] });
      return optional(field, text).describe(`${description}. One of: ${listed(field.values)}${field.anyCase ? ' (any letter case)' : ''}${blank}`);
    }
    case 'datetime':
      return optional(field, z.string()).describe(`${description}. ISO 8601 datetime from ${DATETIME_RANGE_TEXT}; null clears it`);
    case 'date': {
      const after = field.notBefore ? `; never before \`${field.notBefore}\`` : '';
      return optional(field, z.string().meta({ format: 'date' })).describe(`${description}. A calendar day, YYYY-MM-DD, from 1900${after}; null clears it`);
    }
    case 'reference': {
      const id = field.bodyChecks ? z.int().min(1).max(MAX_RECORD_ID) : z.int();
      return optional(field, id).describe(describeField(field, `: the id of ${withArticle(field.target)} of the account`));
    }
    case 'references':
      return optional(field, z.array(z.int()))
        .describe(describeField(field, `: the ids of ${field.target} records of the account, at most ${field.max}; given, the list replaces the record's, [] or null clears it`));
    case 'integer': {
      // Types only: a fraction reaches the use case, which names it among every problem.
      const bounds = { ...(field.min === undefined ? {} : { minimum: field.min }), ...(field.max === undefined ? {} : { maximum: field.max }) };
      const range = field.min !== undefined && field.max !== undefined ? `. From ${field.min} to ${field.max}` : '';
      return optional(field, Object.keys(bounds).length === 0 ? z.number() : z.number().meta(bounds)).describe(`${description}${range}`);
    }
    case 'boolean':
      return optional(field, z.boolean()).describe(description);
    case 'json':
      return z.unknown().describe(description);
    case 'list': {
      const list = field.max === undefined ? z.array(listItem(field.of)) : z.array(listItem(field.of)).max(field.max);
      return optional(field, list).describe(description);
    }
  }
}

/**
 * The fields of a body that creates (`'create'`) or changes (`'change'`) a
 * record of the declaration; a reference with `idAlias` is also taken as
 * `<field>_id`, right after it.
 */
export function writeBodyShape(declaration: RecordDeclaration, mode: WriteMode): Record<string, z.ZodType> {
  return Object.fromEntries(
    fieldsWritten(declaration, mode).flatMap((name) => {
      const field = declaration.fields[name]!;
      const schema = bodyField(field, mode);
      return field.type === 'reference' && field.idAlias ? Object.entries(reference(name, schema)) : [[name, schema]];
    }),
  );
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
  return Object.fromEntries(fieldsWritten(declaration, 'create').filter((name) => declaration.fields[name]!.intake !== false).flatMap((name) => parametersOf(name, declaration.fields[name]!)));
}
