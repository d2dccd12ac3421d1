/**
 * What a record's answers and collections are, derived from its declaration
 * in the domain (docs/decisions/031, libs/domain records/record-fields.ts):
 * - `collectionSpecOf`: the `fields`, default fields, `sort` and filter rules
 *   of its REST collection (a reference is filtered by its id, `team_id`);
 * - `answerShape`: the fields of its REST answer as the OpenAPI document shows
 *   them (a reference as the schema the caller gives; null unless the record
 *   always has the field). A presenter's computed shapes override its fields.
 */
import { z } from 'zod';
import { describeField, readNameOf, type FieldDeclaration, type ListItem, type RecordDeclaration } from '@tessera/domain';
import type { CollectionSpec } from './collection-query.js';
import type { FilterType } from './filter-value.js';

function filterType(field: FieldDeclaration): FilterType {
  switch (field.type) {
    case 'enum':
      // A value given in any letter case is filtered as the text it is stored as.
      return field.anyCase ? 'string' : { enum: field.values };
    case 'integer':
    case 'reference':
      return 'integer';
    case 'boolean':
      return 'boolean';
    case 'datetime':
      return 'datetime';
    case 'date':
      return 'date';
    case 'text':
    case 'json':
    case 'list':
      return 'string';
    case 'references':
      throw new Error('A list of references is not filtered by its value');
  }
}

/** The read fields of the declaration: [name, name in answers, field]. */
function readFields(declaration: RecordDeclaration): Array<[string, string, FieldDeclaration]> {
  return Object.entries(declaration.fields).flatMap(([name, field]) => {
    const read = readNameOf(name, field);
    return read === null ? [] : [[name, read, field]];
  });
}

export function collectionSpecOf(declaration: RecordDeclaration): CollectionSpec {
  const fields = readFields(declaration);
  const having = (facet: 'default' | 'sort' | 'filter') => fields.filter(([, , field]) => field.collection?.[facet]);
  return {
    fields: fields.map(([, read]) => read),
    defaultFields: having('default').map(([, read]) => read),
    sortable: having('sort').map(([, read]) => read),
    filters: Object.fromEntries(having('filter').map(([name, read, field]) => [field.type === 'reference' ? name : read, filterType(field)])),
  };
}

function listItemAnswer(item: ListItem): z.ZodType {
  if (item.type === 'text') return z.string();
  if (item.type === 'enum') return z.enum(item.values as [string, ...string[]]);
  return z.object(Object.fromEntries(Object.keys(item.fields).map((name) => [name, z.unknown()])));
}

function answerField(field: FieldDeclaration, reference: z.ZodType): z.ZodType {
  switch (field.type) {
    case 'reference':
      return reference;
    case 'references':
      // Each record of the list is there: the reference as shown, never null.
      return z.array(reference instanceof z.ZodNullable ? (reference.unwrap() as z.ZodType) : reference);
    case 'text':
      return z.string();
    case 'enum':
      return z.enum(field.values as [string, ...string[]]);
    case 'datetime':
      return z.iso.datetime({ offset: true });
    case 'date':
      return z.iso.date();
    case 'integer':
      return z.int();
    case 'boolean':
      return z.boolean();
    case 'json':
      return z.unknown();
    case 'list':
      return z.array(listItemAnswer(field.of));
  }
}

/** Every read field of the declaration as its answer shows it; `reference`: how a reference is shown. */
export function answerShape(declaration: RecordDeclaration, reference: z.ZodType): Record<string, z.ZodType> {
  return Object.fromEntries(
    readFields(declaration).map(([, read, field]) => {
      const schema = answerField(field, reference);
      if (field.type === 'reference') return [read, schema];
      const always = field.required || field.notBlank || field.type === 'json' || field.type === 'list' || field.type === 'references';
      return [read, (always ? schema : schema.nullable()).describe(describeField(field))];
    }),
  );
}
