/**
 * The JSON body of a REST write (POST, PATCH) read against its zod object
 * schema, so that one 422 names every problem (REFERENCE.md 422 shape, README
 * "every problem at once"):
 * - a value of the wrong type (a nested object included) is refused here,
 *   with every other problem found here;
 * - a field the record does not have or a read-only one, a required field
 *   left out, and a reference given in both spellings with different values
 *   ride on the parsed body to the use case (`withInputProblems`), which
 *   reports them with its own problems of the values and writes nothing.
 * A field declared with `reference()` also takes the seed's `<field>_id`
 * spelling (the events intake's `team_id`, `template_id`): the use case sees
 * `<field>` only.
 */
import { z } from 'zod';
import { validationFailed, withInputProblems, type FieldError } from '@tessera/domain';
import { humanize } from './events/event-input.js';
import { unstorableTextFields } from './unstorable-text.js';

const aliases = z.registry<{ aliasOf: string }>();

/**
 * A reference field by id: `field` and `<field>_id` in the body's shape (both
 * shown in the OpenAPI document); give either, or both with the same value.
 */
export function reference<F extends string, S extends z.ZodType>(field: F, schema: S): { [K in F | `${F}_id`]: S } {
  const alias = schema.clone().describe(`The same as \`${field}\`, as the events intake spells it; give either, or both with the same value`) as S;
  aliases.add(alias, { aliasOf: field });
  return { [field]: schema, [`${field}_id`]: alias } as { [K in F | `${F}_id`]: S };
}

export interface WriteBodyOptions {
  /** The record, as in "'x' is not a field of <what>". */
  what: string;
  /** Fields of the record a client cannot set: "'id' is read-only". */
  readOnly?: readonly string[];
}

const shown = (field: string) => field.slice(0, 80);

function issueErrors(issues: readonly z.core.$ZodIssue[], what: string): FieldError[] {
  return issues.flatMap((issue): FieldError[] => {
    const at = issue.path.join('.');
    if (issue.code !== 'unrecognized_keys') return [[at || '(body)', issue.message]];
    return issue.keys.map((key): FieldError => {
      const field = shown(at ? `${at}.${key}` : key);
      return [field, `'${field}' is not a field of ${what}`];
    });
  });
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The parsed body; a 422 here only for problems the use case cannot be given (a value of the wrong type). */
export function parseWriteBody<S extends z.ZodObject>(schema: S, body: unknown, { what, readOnly = [] }: WriteBodyOptions): z.output<S> {
  const raw = body ?? {};
  if (!isObject(raw)) throw validationFailed(issueErrors(schema.safeParse(raw).error?.issues ?? [], what));
  // Text PostgreSQL cannot store (a NUL, a lone surrogate): refused here, before any use case queries with it.
  const unstorable = unstorableTextFields(raw);
  if (unstorable.length > 0) throw validationFailed(unstorable);
  const shape = schema.shape as Record<string, z.ZodType>;
  const problems: FieldError[] = [];
  // Own keys only, into an object without a prototype: a body key such as `__proto__` or
  // `constructor` is an unknown field, and no field's value is read through a prototype.
  const known: Record<string, unknown> = Object.create(null);
  for (const [key, value] of Object.entries(raw)) {
    if (Object.hasOwn(shape, key)) known[key] = value;
    else problems.push([shown(key), readOnly.includes(key) ? `'${shown(key)}' is read-only` : `'${shown(key)}' is not a field of ${what}`]);
  }
  for (const [key, field] of Object.entries(shape)) {
    if (known[key] === undefined && !field.safeParse(undefined).success) problems.push([key, `${humanize(key)} can't be blank`]);
  }
  const result = z.object(shape).partial().safeParse(known);
  if (!result.success) throw validationFailed([...problems, ...issueErrors(result.error.issues, what)]);
  return withInputProblems(withoutAliases(shape, result.data, problems), problems) as z.output<S>;
}

/** `<field>_id` moved to `<field>`; both given and different is a problem of `<field>`. */
function withoutAliases(shape: Record<string, z.ZodType>, data: Record<string, unknown>, problems: FieldError[]): Record<string, unknown> {
  for (const [key, schema] of Object.entries(shape)) {
    const field = aliases.get(schema)?.aliasOf;
    if (field === undefined || !Object.hasOwn(data, key)) continue;
    const value = data[key];
    delete data[key];
    if (data[field] === undefined) data[field] = value;
    else if (value !== undefined && data[field] !== value) problems.push([field, `${humanize(field)} and ${key} were both given, with different values: give one of them`]);
  }
  return data;
}
