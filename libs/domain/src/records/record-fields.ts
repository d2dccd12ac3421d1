/**
 * A record's writable fields, declared once (docs/decisions/031): for each
 * field its type (text with its maximum length, one of a list of values, a
 * datetime, a reference to another record by id, with the names it may be
 * looked up by), when a caller writes it (on create only, or on a change
 * too), whether a record always has it, and its GraphQL name. Derived from a
 * declaration, the way jobs/job-contract.ts derives job payload types:
 * - the TypeScript input types (RecordInput, CheckedInput, below);
 * - the checks of the values (check-record-input.ts);
 * - the REST write bodies and the events intake parameters (libs/validation),
 *   and through them the OpenAPI components;
 * - the GraphQL input types and how a mutation reads them (apps/graphql).
 * Adding a field to a record is one edit: a line in its declaration.
 */

/** Another way to name a referenced record than its id (the events intake's `member`: a primary e-mail). */
export interface FieldLookup {
  param: string;
  max: number;
  /** How it names the record, as in "Person to assign, by primary e-mail". */
  by: string;
}

export type FieldType =
  | { type: 'text'; max: number }
  | { type: 'enum'; values: readonly string[] }
  | { type: 'datetime' }
  | { type: 'reference'; target: string; lookups?: readonly FieldLookup[] };

export type FieldDeclaration = FieldType & {
  /** What the field is (a noun phrase: "Person to assign"), for every document derived from the declaration. */
  description: string;
  /** More about it, a sentence after the description: "Default: the caller". */
  note?: string;
  /** 'create': given only to a new record; 'change': to a new record and in a change of one. */
  write: 'create' | 'change';
  /** A new record needs it; given, it is never blank. */
  required?: boolean;
  /** The record always has it: given, it is never blank (it cannot be cleared). */
  notBlank?: boolean;
  /** The name of the field in GraphQL inputs; default its camelCase; false: not in GraphQL. */
  graphql?: string | false;
};

export type RecordFields = Readonly<Record<string, FieldDeclaration>>;

export interface RecordDeclaration<F extends RecordFields = RecordFields> {
  /** The record as a problem names it: "'x' is not a field of a request". */
  what: string;
  fields: F;
}

/** A declaration, with its literal types kept for the types derived from it. */
export function declareRecord<const F extends RecordFields>(what: string, fields: F): RecordDeclaration<F> {
  return { what, fields };
}

export type WriteMode = 'create' | 'change';

/** The names of the fields written in `mode`, in the order of the declaration. */
export function fieldsWritten<F extends RecordFields>(declaration: RecordDeclaration<F>, mode: WriteMode): Array<keyof F & string> {
  return Object.entries(declaration.fields).filter(([, field]) => mode === 'create' || field.write === 'change').map(([name]) => name);
}

/** `completion_reason` → `completionReason`, `supplier_requestID` → `supplierRequestID`. */
export function camelCase(name: string): string {
  return name.replace(/_([a-zA-Z])/g, (_match, letter: string) => letter.toUpperCase());
}

/** The field's name in GraphQL inputs; null when GraphQL does not have it. */
export function graphqlNameOf(name: string, field: FieldDeclaration): string | null {
  if (field.graphql === false) return null;
  return field.graphql ?? camelCase(name);
}

/** The description, with what a document adds to it (`, by id`), then the note. */
export function describeField(field: FieldDeclaration, detail = ''): string {
  return field.note ? `${field.description}${detail}. ${field.note}` : `${field.description}${detail}`;
}

/** "a Person", "an Organization". */
export function withArticle(noun: string): string {
  return /^[AEIOU]/.test(noun) ? `an ${noun}` : `a ${noun}`;
}

/** `completion_reason` → `Completion reason`, as a problem names a field. */
export function humanizeField(field: string): string {
  const words = field.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

type RawValue<D> = D extends { type: 'datetime' } ? Date : D extends { type: 'reference' } ? number : string;
type CheckedValue<D> = D extends { type: 'enum'; values: readonly (infer V)[] } ? V : RawValue<D>;
type WrittenIn<F, M extends WriteMode> = { [K in keyof F]: M extends 'create' ? K : F[K] extends { write: 'change' } ? K : never }[keyof F];
type LookupParam<F> = { [K in keyof F]: F[K] extends { lookups: readonly (infer L)[] } ? (L extends { param: infer P extends string } ? P : never) : never }[keyof F];

/**
 * What a caller gives to create (`'create'`) or change (`'change'`) a record,
 * values not yet checked: `undefined`, not given; `null`, cleared.
 */
export type RecordInput<F extends RecordFields, M extends WriteMode> = { -readonly [K in WrittenIn<F, M>]?: RawValue<F[K]> | null };

/**
 * The values after their checks: enum values typed, a required field never
 * null; a reference may also be given by one of its lookups (the events intake).
 */
export type CheckedInput<F extends RecordFields> = {
  -readonly [K in keyof F]?: CheckedValue<F[K]> | (F[K] extends { required: true } ? never : null);
} & { [P in LookupParam<F>]?: string | null };
