/**
 * A record's fields, declared once (docs/decisions/031): for each field its
 * type (text with its maximum length, one of a list of values, a datetime, a
 * reference to another record by id, with the names it may be looked up by,
 * …), when a caller writes it (on create only, on a change too, or never:
 * read-only), whether a record always has it, its names where they differ
 * (REST answers, GraphQL, the stored column) and its place in a collection
 * (returned by default, sortable, filterable). Derived from a declaration,
 * the way jobs/job-contract.ts derives job payload types:
 * - the TypeScript input types (RecordInput, CheckedInput, below);
 * - the checks of the values (check-record-input.ts);
 * - a collection's `fields`, `sort` and filter rules (record-collection.ts);
 * - the REST write bodies, answers and the events intake parameters
 *   (libs/validation), and through them the OpenAPI components;
 * - the GraphQL input types, how a mutation reads them, and the plain fields
 *   of the object type (apps/graphql).
 * Adding a field to a record is one edit: a line in its declaration.
 */

/** Another way to name a referenced record than its id (the events intake's `member`: a primary e-mail). */
export interface FieldLookup {
  param: string;
  max: number;
  /** How it names the record, as in "Person to assign, by primary e-mail". */
  by: string;
}

/** A field of an object in a list (a webhook's `description_attachments`: `{key, inline}`). */
export type ItemField = ({ type: 'text'; max: number } | { type: 'boolean' }) & { required?: boolean; description?: string };

/** What a list holds: texts (checked by the record's rules), values of an enum, or objects of the fields given. */
export type ListItem = { type: 'text' } | { type: 'enum'; values: readonly string[] } | { type: 'object'; fields: Readonly<Record<string, ItemField>> };

export type FieldType =
  /**
   * A string; `max`, its length once trimmed, is required of a field a caller
   * writes, unless `maxBytes` limits it in UTF-8 bytes instead (64 KB texts).
   * `format: 'uri'` documents a URI (its rules are the record's); `format: 'time-zone'` is an
   * IANA time zone name (`Europe/Amsterdam`, `UTC`), checked with it. `lines`: named lines, one
   * `name: value` a line, which GraphQL writes and reads as a list of `{name, value}` (named-lines.ts).
   */
  | { type: 'text'; max?: number; maxBytes?: number; format?: 'uri' | 'time-zone'; lines?: true }
  /** One of `values`; `anyCase`: given in any letter case (the record stores it lower-case). */
  | { type: 'enum'; values: readonly string[]; anyCase?: true }
  /** A moment; `notBefore`: never before that other datetime field of the record (an end after its start). */
  | { type: 'datetime'; notBefore?: string }
  /** A calendar day, `YYYY-MM-DD`; `notBefore`: never before that other date field of the record (an expiry after its start). */
  | { type: 'date'; notBefore?: string }
  /**
   * The id of another record (`member_id`), read as that record (`member`).
   * `idAlias`: a REST body also takes it as `<field>_id` (the events intake's
   * spelling). `bodyChecks`: the REST body refuses an id out of range itself.
   */
  | { type: 'reference'; target: string; lookups?: readonly FieldLookup[]; idAlias?: true; bodyChecks?: true }
  /**
   * The ids of other records, in order (`service_instance_ids`), read as those records
   * (`service_instances`); at most `max`. `set`: order and repeats do not count (a team's
   * members): an id given twice counts once, the ids come back in id order, null as none.
   */
  | { type: 'references'; target: string; max: number; set?: true }
  /** A whole number, from `min` to `max` when given. */
  | { type: 'integer'; min?: number; max?: number }
  | { type: 'boolean' }
  /** Any JSON value (custom fields), or one whose shape its presenter states. */
  | { type: 'json' }
  /** A list of at most `max` items; the REST body checks its length and the items' shape. */
  | { type: 'list'; of: ListItem; max?: number };

/** Where a collection of the record has the field (REFERENCE.md "REST conventions"). */
export interface CollectionFacets {
  /** Returned when `fields` is absent. */
  default?: true;
  sort?: true;
  /** Filtered by its value: a reference by its id (`team_id`), any other field by its name. */
  filter?: true;
}

export type FieldDeclaration = FieldType & {
  /** What the field is (a noun phrase: "Person to assign"), for every document derived from the declaration. */
  description: string;
  /** More about it, a sentence after the description: "Default: the caller". */
  note?: string;
  /**
   * A value its record's checks take, where a made-up text would not do (an e-mail address):
   * the OpenAPI document shows it, and specs that make a record from its declaration write it
   * (a unique one with a prefix of their own: `2-ada@example.com`).
   */
  example?: string;
  /** 'create': given only to a new record; 'change': to a new record and in a change of one; absent: read-only. */
  write?: 'create' | 'change';
  /** A new record needs it; given, it is never blank. */
  required?: boolean;
  /** The record always has it (never null): given, it is never blank (it cannot be cleared). */
  notBlank?: boolean;
  /** false: a caller never gives null (a REST body refuses it as a value of the wrong type). */
  nullable?: false;
  /** Its name in REST answers and collection rules; default its name (a reference: without `_id`; references: `_ids` → `s`); false: never read (a note given on create). */
  read?: string | false;
  /** Its stored column, when it is not its name. */
  column?: string;
  /** Its name in GraphQL; default the camelCase of its read name (a reference's input adds `Id`); false: not in GraphQL. */
  graphql?: string | false;
  collection?: CollectionFacets;
  /** false: written through the request API but not a parameter of the events intake (whose parameters SPEC.md lists). */
  intake?: false;
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
  return Object.entries(declaration.fields)
    .filter(([, field]) => field.write === 'change' || (mode === 'create' && field.write === 'create'))
    .map(([name]) => name);
}

/** `completion_reason` → `completionReason`, `supplier_requestID` → `supplierRequestID`. */
export function camelCase(name: string): string {
  return name.replace(/_([a-zA-Z])/g, (_match, letter: string) => letter.toUpperCase());
}

/** The names a REST answer has but a caller cannot write (`'id' is read-only`), in the order of the declaration. */
export function readOnlyNames(declaration: RecordDeclaration): string[] {
  return Object.entries(declaration.fields).flatMap(([name, field]) => {
    const read = readNameOf(name, field);
    return field.write || read === null ? [] : [read];
  });
}

/** The field's name in REST answers and collection rules; null when it is never read. */
export function readNameOf(name: string, field: FieldDeclaration): string | null {
  if (field.read === false) return null;
  if (field.read !== undefined) return field.read;
  if (field.type === 'reference') return name.replace(/_id$/, '');
  return field.type === 'references' ? name.replace(/_ids$/, 's') : name;
}

/** The field's name in a GraphQL object type; null when GraphQL does not have it. */
export function graphqlNameOf(name: string, field: FieldDeclaration): string | null {
  if (field.graphql === false) return null;
  return field.graphql ?? camelCase(readNameOf(name, field) ?? name);
}

/** The field's name in GraphQL inputs (a reference is given by node ID: `memberId`; references by node IDs: `serviceInstanceIds`); null when GraphQL does not have it. */
export function graphqlInputNameOf(name: string, field: FieldDeclaration): string | null {
  const base = graphqlNameOf(name, field);
  if (base !== null && field.type === 'references') return camelCase(name.replace(/_ids$/, '_Ids'));
  return base !== null && field.type === 'reference' ? `${base}Id` : base;
}

/** The description, with what a document adds to it (`, by id`), then the note. */
export function describeField(field: FieldDeclaration, detail = ''): string {
  return field.note ? `${field.description}${detail}. ${field.note}` : `${field.description}${detail}`;
}

/** "a Person", "an Organization", "an organization", "a UI extension". */
export function withArticle(noun: string): string {
  // "an organization", "an Organization", but "a UI extension", "a URL": an acronym in U is said "you".
  return /^([aeiou]|[AEIO]|U[a-z])/.test(noun) ? `an ${noun}` : `a ${noun}`;
}

/** `completion_reason` → `Completion reason`, as a problem names a field. */
export function humanizeField(field: string): string {
  const words = field.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

type ItemFieldValue<D> = D extends { type: 'boolean' } ? boolean : string;
type RequiredKeys<Fs> = { [K in keyof Fs]: Fs[K] extends { required: true } ? K : never }[keyof Fs];
/** An object of a list: `{ key: string; inline?: boolean }`. */
export type ItemObject<Fs> = { -readonly [K in RequiredKeys<Fs>]: ItemFieldValue<Fs[K]> } & { -readonly [K in Exclude<keyof Fs, RequiredKeys<Fs>>]?: ItemFieldValue<Fs[K]> };
type ItemValue<I> = I extends { type: 'object'; fields: infer Fs } ? ItemObject<Fs> : string;
type RawValue<D> = D extends { type: 'datetime' }
  ? Date
  : D extends { type: 'reference' | 'integer' }
    ? number
    : D extends { type: 'references' }
      ? number[]
    : D extends { type: 'boolean' }
      ? boolean
      : D extends { type: 'list'; of: infer I }
        ? Array<ItemValue<I>>
        : string;
type CheckedValue<D> = D extends { type: 'enum'; values: readonly (infer V)[] } ? V : RawValue<D>;
type Cleared<D> = D extends { nullable: false } ? never : null;
type WrittenIn<F, M extends WriteMode> = { [K in keyof F]: F[K] extends { write: 'change' } ? K : M extends 'create' ? (F[K] extends { write: 'create' } ? K : never) : never }[keyof F];
type LookupParam<F> = { [K in keyof F]: F[K] extends { lookups: readonly (infer L)[] } ? (L extends { param: infer P extends string } ? P : never) : never }[keyof F];

/**
 * What a caller gives to create (`'create'`) or change (`'change'`) a record,
 * values not yet checked: `undefined`, not given; `null`, cleared.
 */
export type RecordInput<F extends RecordFields, M extends WriteMode> = { -readonly [K in WrittenIn<F, M>]?: RawValue<F[K]> | Cleared<F[K]> };

/**
 * The values after their checks: enum values typed, a required field never
 * null; a reference may also be given by one of its lookups (the events intake).
 */
export type CheckedInput<F extends RecordFields> = {
  -readonly [K in WrittenIn<F, 'create'>]?: CheckedValue<F[K]> | (F[K] extends { required: true } ? never : null);
} & { [P in LookupParam<F>]?: string | null };
