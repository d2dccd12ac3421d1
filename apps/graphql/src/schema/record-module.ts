/**
 * The GraphQL of every record of the engine (docs/decisions/039), from its definition: the
 * object type with its node ID, plain fields (record-object.ts), references and link lists
 * as nested connections; its root connection with the same orders and filters as its REST
 * collection (recordGraphFields); `<record>Create` / `<record>Update` through the same use
 * cases as REST, with the payloads of every record mutation (record-mutations.ts). Each
 * field needs what REST needs for the same data. A record whose object type is its own module's
 * (`graphqlType: 'own'`: a person's `Person`, which `me` shares) gets its mutations only.
 */
import {
  CURRENT_VIEWS, EVENT_CATALOGUE, collectionViews, NODE_KINDS, graphqlNameOf, namedLines, otherSide, readNameOf, recordGraphFields, referenceTarget, withArticle,
  type NestedEdge, type NodeKind, type RecordDefinition,
} from '@tessera/domain';
import { connectionArgs, connectionSdl } from '../connections/connection-sdl.js';
import { column, dbId, isoDate, nestedConnection, nodeId, reference, rootConnection } from '../connections/connection-resolvers.js';
import type { FieldNeeds } from '../field-needs.js';
import type { Resolver } from '../guard-resolvers.js';
import type { GraphqlContext } from './graphql-context.js';
import { inputFields, inputTypesSdl } from './record-input.js';
import { createResolver, deleteResolver, deleteTypesSdl, noteCreateResolver, noteNeeds, noteTypesSdl, payloadNeeds, payloadTypesSdl, updateResolver } from './record-mutations.js';
import { plainObjectFields } from './record-object.js';
import { OWN_INPUTS, type ExtraInput } from './record-own-inputs.js';
import type { SchemaModule } from './schema-module.js';

const FILTER_TYPES = { text: 'StringValues', flag: 'Boolean' } as const;

/** What a write fires, as a mutation's description says it: an automation rule's catalogue has no verbs. */
const fires = (def: RecordDefinition, verb: string, when = '') =>
  (EVENT_CATALOGUE[def.noun] as readonly string[]).includes(verb) ? `fires ${def.noun}.${verb}${when}` : 'fires no event';
const isNode = (target: string): target is NodeKind => NODE_KINDS.includes(target as NodeKind);

/** What each predefined filter lists (define-record.ts collectionViews), as REST's `/v1/<path>/<view>`: a record's `current` views, or its `predefined`. */
function viewsSaid(def: RecordDefinition): Record<string, string> {
  if (def.current === null) {
    const own = Object.entries(def.predefined).map(([view, { summary }]) => [view, `${summary} (REST \`/${def.path}/${view}\`)`]);
    return { all: `Every ${def.what} (REST \`/${def.path}\`)`, ...Object.fromEntries(own) };
  }
  const { from, until, unless } = def.current;
  const said: Record<(typeof CURRENT_VIEWS)[number], string> = {
    active: `Shown now: ${unless} false, ${from} reached and ${until} not (or none), on the database clock (REST \`/${def.path}\`)`,
    inactive: `Not shown now: ${unless} true, ${from} not reached or ${until} passed (REST \`/${def.path}/inactive\`)`,
    all: `Every ${def.what} (REST \`/${def.path}/all\`)`,
  };
  return said;
}

/** The connection's `view` enum; none for a record without predefined filters. */
function viewSdl(def: RecordDefinition): string {
  const views = collectionViews(def);
  if (views.length === 0) return '';
  const said = viewsSaid(def);
  return `"Which ${def.plural} the connection reads."\nenum ${def.node}View {\n${views.map((view) => `${JSON.stringify(said[view])}\n${view.toUpperCase()}`).join('\n')}\n}`;
}

export function recordModule(def: RecordDefinition): SchemaModule {
  if (def.graphql.ownType) return recordMutations(def, OWN_INPUTS[def.node]);
  const type = def.node as NodeKind;
  const read = (target: string): FieldNeeds => ({ action: `${referenceTarget(target).noun}:Read` });
  const ofTheRecord: FieldNeeds = { parent: `part of the ${def.what} the parent field returned` };
  const plain = plainObjectFields(def.fields);
  const { filters } = recordGraphFields(def);
  const lines: string[] = [];
  const needs: Record<string, FieldNeeds> = {};
  const resolvers: Record<string, Resolver<GraphqlContext>> = { id: nodeId(type), dbId };
  for (const field of ['id', 'dbId', ...Object.keys(plain.columns), ...Object.keys(plain.dates), ...Object.keys(plain.lines)]) needs[`${type}.${field}`] = ofTheRecord;
  for (const [graphql, stored] of Object.entries(plain.columns)) if (graphql !== stored) resolvers[graphql] = column(stored);
  for (const [graphql, stored] of Object.entries(plain.dates)) resolvers[graphql] = isoDate(stored);
  for (const [graphql, stored] of Object.entries(plain.lines)) resolvers[graphql] = (parent) => namedLines((parent as Record<string, unknown>)[stored] as string | null);
  for (const [name, field] of Object.entries(def.fields.fields)) {
    const graphql = graphqlNameOf(name, field);
    // A link list kept out of the record's answer (`read: false`) is no field of its type either: a team's members.
    if (graphql === null || readNameOf(name, field) === null || (field.type !== 'reference' && field.type !== 'references') || !isNode(field.target)) continue;
    needs[`${type}.${graphql}`] = read(field.target);
    if (field.type === 'reference') {
      lines.push(`${JSON.stringify(`${field.description ?? graphql}; null when none.`)}\n${graphql}: ${field.target}`);
      resolvers[graphql] = reference(field.target, field.column ?? name);
    } else {
      lines.push(`${JSON.stringify(field.description ?? graphql)}\n${graphql}(${connectionArgs(field.target, false)}): ${field.target}Connection!`);
      resolvers[graphql] = nestedConnection(`${type}.${graphql}` as NestedEdge);
    }
  }
  if (def.notes) {
    lines.push(`"Its notes, oldest first by default."\nnotes(${connectionArgs('Note', false)}): NoteConnection!`);
    resolvers['notes'] = nestedConnection(`${type}.notes` as NestedEdge);
    needs[`${type}.notes`] = { action: `${def.noun}:Read` };
  }
  const filterSdl = filters.map(([graphql, , kind]) => `${graphql}: ${kind in FILTER_TYPES ? FILTER_TYPES[kind as keyof typeof FILTER_TYPES] : 'IdValues'}`).join('\n');
  const connection = connectionSdl(type, recordGraphFields(def).orders.map(([graphql]) => graphql), filterSdl || null);
  const { many } = def.graphql;
  const mutations = recordMutations(def, OWN_INPUTS[def.node]);
  return {
    typeDefs: /* GraphQL */ `
      type ${type} implements Node {
        id: ID!
        dbId: Int!
        ${plain.sdl}
        ${lines.join('\n')}
      }

      ${connection.typeDefs}

      ${viewSdl(def)}

      extend type Query {
        ${many}(${connectionArgs(type, filterSdl !== '')}${collectionViews(def).length > 0 ? `, view: ${type}View = ${collectionViews(def)[0]!.toUpperCase()}` : ''}): ${type}Connection!
      }

      ${mutations.typeDefs}
    `,
    needs: {
      [`Query.${many}`]: { action: `${def.noun}:Read` },
      ...needs,
      ...connection.needs,
      ...mutations.needs,
    },
    resolvers: {
      Query: { [many]: rootConnection(type) },
      [type]: resolvers,
      ...mutations.resolvers,
    },
  };
}

/**
 * `<record>Create`, `<record>Update` and, where the record has them, `<record>Delete` and
 * `<record>NoteCreate`, with their inputs and payloads, and the inputs' extra fields (record-own-inputs.ts).
 */
function recordMutations(def: RecordDefinition, extra: ExtraInput = { sdl: '', fields: {} }): SchemaModule {
  const type = def.node;
  const { one } = def.graphql;
  const roles = 'note' in def.writers ? def.writers.note : `Needs the ${def.writers.roles.join(' or ')} role.`;
  const needed = Object.entries(def.fields.fields).filter(([, field]) => field.required && field.write).map(([name]) => name);
  const create = { ...inputFields(def.fields, 'create'), ...extra.fields };
  const change = { ...inputFields(def.fields, 'change'), ...extra.fields };
  // A change of a list kept by the other records fires theirs (record-owned-links.ts).
  const others = Object.keys(def.links).filter((field) => def.links[field]!.owner === 'other').map((field) => otherSide(def, field));
  const alsoFired = others.map(({ other, field }) => `, and ${other.noun}.update for each ${other.what} whose ${field} change`).join('');
  return {
    typeDefs: /* GraphQL */ `
      ${inputTypesSdl(type, def.fields, `A new ${def.what}: only ${needed.join(', ')} ${needed.length > 1 ? 'are' : 'is'} needed.`, extra.sdl)}

      ${payloadTypesSdl(type, one)}
      ${def.deletable ? deleteTypesSdl(type, def.what) : ''}
      ${def.notes ? noteTypesSdl(type, def.what) : ''}

      extend type Mutation {
        "Creates ${withArticle(def.what)}; ${fires(def, 'create')}. ${roles}"
        ${one}Create(input: ${type}CreateInput!): ${type}CreatePayload!
        "Changes ${withArticle(def.what)}; ${fires(def, 'update', ' when something changed')}${alsoFired}. ${roles}"
        ${one}Update(input: ${type}UpdateInput!): ${type}UpdatePayload!
        ${def.deletable ? `"Deletes ${withArticle(def.what)}; ${fires(def, 'delete')}. ${roles}"
${one}Delete(input: ${type}DeleteInput!): ${type}DeletePayload!` : ''}
        ${def.notes ? `"Adds a note to ${withArticle(def.what)}; fires ${def.noun}.note-added. ${roles}"
${one}NoteCreate(input: ${type}NoteCreateInput!): ${type}NoteCreatePayload!` : ''}
      }
    `,
    needs: {
      [`Mutation.${one}Create`]: { action: `${def.noun}:Create`, answer: `${def.noun}:Read` },
      [`Mutation.${one}Update`]: { action: `${def.noun}:Update`, answer: `${def.noun}:Read` },
      ...(def.deletable ? { [`Mutation.${one}Delete`]: { action: `${def.noun}:Delete` } } : {}),
      ...(def.notes ? { [`Mutation.${one}NoteCreate`]: { action: `${def.noun}:Update`, answer: `${def.noun}:Read` }, ...noteNeeds(type) } : {}),
      ...payloadNeeds(type, one, def.deletable),
    },
    resolvers: {
      Mutation: {
        [`${one}Create`]: createResolver(one, create, (context, access, values) => context.services.createRecord(def, access, values)),
        [`${one}Update`]: updateResolver(one, type, change, (context, access, id, values) => context.services.updateRecord(def, access, id, values)),
        ...(def.deletable ? { [`${one}Delete`]: deleteResolver(type, (context, access, id) => context.services.deleteRecord(def, access, id)) } : {}),
        ...(def.notes ? { [`${one}NoteCreate`]: noteCreateResolver(type, (context, access, id, values) => context.services.addRecordNote(def, access, id, values)) } : {}),
      },
    },
  };
}
