/**
 * The plain fields of a record's GraphQL object type (every read field but its
 * references, which name other nodes, and its JSON), derived from its field
 * declaration in the domain (docs/decisions/031): their SDL, and the stored
 * column each resolves from (a datetime as ISO 8601). Non-null when the record
 * always has the field; enum values as REST spells them, in a String.
 */
import { describeField, graphqlNameOf, readNameOf, type FieldDeclaration, type RecordDeclaration } from '@tessera/domain';

const SCALARS: Partial<Record<FieldDeclaration['type'], string>> = { text: 'String', enum: 'String', datetime: 'DateTime', date: 'String', integer: 'Int', boolean: 'Boolean' };

export interface PlainFields {
  sdl: string;
  /** GraphQL field → stored column, for the fields shown as they are stored. */
  columns: Readonly<Record<string, string>>;
  /** GraphQL field → stored timestamp column. */
  dates: Readonly<Record<string, string>>;
  /** GraphQL field → stored column of named lines (a text field with `lines`), read as a list of `{name, value}`. */
  lines: Readonly<Record<string, string>>;
}

export function plainObjectFields(declaration: RecordDeclaration): PlainFields {
  const lines: string[] = [];
  const columns: Record<string, string> = {};
  const dates: Record<string, string> = {};
  const named: Record<string, string> = {};
  for (const [name, field] of Object.entries(declaration.fields)) {
    const graphqlName = graphqlNameOf(name, field);
    const scalar = SCALARS[field.type];
    if (graphqlName === null || scalar === undefined || readNameOf(name, field) === null) continue;
    const nonNull = field.required || field.notBlank ? '!' : '';
    const values = field.type === 'enum' ? ` One of ${field.values.join(', ')}.` : '';
    if (field.type === 'text' && field.lines) {
      lines.push(`${JSON.stringify(`${describeField(field)}. A list of {name, value}; REST writes them as lines \`name: value\`.`)}\n${graphqlName}: [NamedLine!]${nonNull}`);
      named[graphqlName] = field.column ?? name;
      continue;
    }
    lines.push(`${JSON.stringify(`${describeField(field)}.${values}`)}\n${graphqlName}: ${scalar}${nonNull}`);
    (field.type === 'datetime' ? dates : columns)[graphqlName] = field.column ?? name;
  }
  return { sdl: lines.join('\n'), columns, dates, lines: named };
}
