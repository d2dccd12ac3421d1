/**
 * A record's GraphQL input fields, derived from its field declaration in the
 * domain (docs/decisions/031): the SDL of the fields an input type has on
 * create or on a change, and for each GraphQL name the field the use case
 * takes and how the mutation reads it (a datetime is parsed, a reference is a
 * node ID of its target type). Values are checked by the use case.
 */
import { describeField, graphqlInputNameOf, fieldsWritten, withArticle, type FieldDeclaration, type RecordDeclaration, type WriteMode } from '@tessera/domain';

export type InputKind = 'text' | 'lines' | 'datetime' | 'boolean' | { node: string } | { nodes: string };

/** GraphQL input field → the use case's field and how it is read. */
export type InputFields = Readonly<Record<string, [field: string, kind: InputKind]>>;

function kindOf(field: FieldDeclaration): InputKind {
  if (field.type === 'datetime') return 'datetime';
  if (field.type === 'reference') return { node: field.target };
  if (field.type === 'references') return { nodes: field.target };
  if (field.type === 'text' && field.lines) return 'lines';
  return field.type === 'boolean' ? 'boolean' : 'text';
}

const INPUT_TYPES: Record<FieldDeclaration['type'], string | null> = {
  text: 'String', enum: 'String', datetime: 'String', date: 'String', reference: 'ID', references: '[ID!]', integer: 'Int', boolean: 'Boolean', json: null, list: null,
};

function described(field: FieldDeclaration): string {
  switch (field.type) {
    case 'text':
      if (field.lines) return `${describeField(field)}. A list of {name, value}, written as the lines \`name: value\` REST takes (at most ${field.max} characters in all); given, it replaces them.`;
      return `${describeField(field)}. At most ${field.max} characters${field.required || field.notBlank ? '; never blank' : ''}.`;
    case 'enum':
      return `${describeField(field)}. One of ${field.values.join(', ')} (as REST spells them).`;
    case 'datetime':
      return `${describeField(field)}. ISO 8601; null clears it.`;
    case 'date':
      return `${describeField(field)}. A calendar day, YYYY-MM-DD; null clears it.`;
    case 'reference':
      return `${describeField(field, ` (${withArticle(field.target)} ID)`)}.`;
    case 'references':
      return `${describeField(field, ` (${field.target} IDs, at most ${field.max})`)}. Given, the list replaces the record's; [] or null clears it.`;
    default:
      return `${describeField(field)}.`;
  }
}

function written(declaration: RecordDeclaration, mode: WriteMode): Array<[name: string, graphqlName: string, field: FieldDeclaration]> {
  return fieldsWritten(declaration, mode).flatMap((name) => {
    const field = declaration.fields[name]!;
    const graphqlName = graphqlInputNameOf(name, field);
    if (graphqlName !== null && INPUT_TYPES[field.type] === null) throw new Error(`${name}: GraphQL has no input type for a ${field.type} field`);
    return graphqlName === null ? [] : [[name, graphqlName, field]];
  });
}

/** The input fields of a create (`'create'`) or a change (`'change'`), for the mutation to read. */
export function inputFields(declaration: RecordDeclaration, mode: WriteMode): InputFields {
  return Object.fromEntries(written(declaration, mode).map(([name, graphqlName, field]) => [graphqlName, [name, kindOf(field)]]));
}

/** The same fields as SDL, each with its description. */
export function inputFieldsSdl(declaration: RecordDeclaration, mode: WriteMode): string {
  return written(declaration, mode)
    .map(([, graphqlName, field]) => `${JSON.stringify(described(field))}\n${graphqlName}: ${field.type === 'text' && field.lines ? '[NamedLineInput!]' : INPUT_TYPES[field.type]}`)
    .join('\n');
}

/** The SDL of `<type>CreateInput` (described by `about`) and `<type>UpdateInput` (the record's `id` and the fields to change); `extra`: SDL of fields both add. */
export function inputTypesSdl(type: string, declaration: RecordDeclaration, about: string, extra = ''): string {
  return `
    ${JSON.stringify(about)}
    input ${type}CreateInput {
      ${inputFieldsSdl(declaration, 'create')}
      ${extra}
    }

    "The fields to change; a field left out keeps its value."
    input ${type}UpdateInput {
      "The ${type} ID."
      id: ID!
      ${inputFieldsSdl(declaration, 'change')}
      ${extra}
    }`;
}
