/**
 * A record's read rule (define-record.ts `readers`, domain record-readers.ts; docs/decisions/056)
 * said in SQL: one condition whose text is the definition's alone, the caller only its
 * parameters, so the REST views (record-store.ts) and the GraphQL node tables (node-tables.ts)
 * keep one statement text per record and shape, and page and count what the caller reads.
 */
import { recordOfNode, readsEveryRecord, type RecordAudience, type RecordDefinition, type RecordReader } from '@tessera/domain';
import type { Knex } from 'knex';

/** Where a person's teams are kept (docs/decisions/035). */
const MEMBERSHIPS = 'team_memberships';

const definitionOf = (node: string): RecordDefinition => {
  const def = recordOfNode(node);
  if (!def) throw new Error(`no record ${node}`);
  return def;
};

const columnOf = (def: RecordDefinition, name: string) => def.fields.fields[name]?.column ?? name;

/**
 * SQL: the ids the record (row `alias`) names by `path` — a reference or link list, or one hop
 * further, `<reference or link list>.<reference of its record>` — and the node type they are of.
 */
function namedIds(def: RecordDefinition, path: string, alias: string): { ids: string; node: string } {
  const [first, second, ...rest] = path.split('.');
  const field = def.fields.fields[first!];
  if ((field?.type !== 'reference' && field?.type !== 'references') || rest.length > 0) throw new Error(`${def.noun}: ${path} is no reference of its readers`);
  const link = def.links[first!];
  if (second === undefined) {
    return field.type === 'reference'
      ? { ids: `select ${alias}.${columnOf(def, first!)}`, node: field.target }
      : { ids: `select l.${link!.other} from ${link!.table} l where l.${link!.self} = ${alias}.id`, node: field.target };
  }
  const target = definitionOf(field.target);
  const hop = target.fields.fields[second];
  if (hop?.type !== 'reference') throw new Error(`${def.noun}: ${path} is no reference of its readers`);
  const column = `x.${columnOf(target, second)}`;
  const ids =
    field.type === 'reference'
      ? `select ${column} from ${target.table} x where x.id = ${alias}.${columnOf(def, first!)} and x.account_id = ${alias}.account_id`
      : `select ${column} from ${link!.table} l join ${target.table} x on x.id = l.${link!.other} and x.account_id = ${alias}.account_id where l.${link!.self} = ${alias}.id`;
  return { ids, node: hop.target };
}

/** SQL and its bindings: the caller is one the audience reaches. */
function reaches(def: RecordDefinition, to: RecordAudience, reader: RecordReader, alias: string): [string, Knex.RawBinding[]] {
  if (to === 'anyone') return ['true', []];
  const parts: string[] = [];
  const bindings: Knex.RawBinding[] = [];
  if (to.role) {
    parts.push('?::boolean');
    bindings.push(reader.roles.length > 0);
  }
  if (to.team !== undefined) {
    const { ids, node } = namedIds(def, to.team, alias);
    if (node !== 'Team') throw new Error(`${def.noun}: ${to.team} names no team`);
    parts.push(`exists (select 1 from ${MEMBERSHIPS} m where m.person_id = ? and m.team_id in (${ids}))`);
    bindings.push(reader.personId);
  }
  if (to.organization !== undefined) {
    const { ids, node } = namedIds(def, to.organization, alias);
    const tree = definitionOf(node);
    if (node !== 'Organization' || (to.below && tree.parent === null)) throw new Error(`${def.noun}: ${to.organization} names no organization`);
    // Below one of them: the caller's organization or one above it is named, up its tree.
    parts.push(
      to.below
        ? `exists (with recursive up(id) as (select ?::int union select o.${columnOf(tree, tree.parent!)} from ${tree.table} o join up on o.id = up.id where o.${columnOf(tree, tree.parent!)} is not null)
            select 1 from up where up.id in (${ids}))`
        : `?::int in (${ids})`,
    );
    bindings.push(reader.organizationId);
  }
  return [parts.length === 0 ? 'true' : parts.join(' and '), bindings];
}

/** Keeps the records (row `alias`) the caller reads, when the definition has a read rule; the same text for every caller. */
export function whereReadable(query: Knex.QueryBuilder, def: RecordDefinition, reader: RecordReader | undefined, alias = 't'): Knex.QueryBuilder {
  if (def.readers === null || reader === undefined) return query;
  const clauses: string[] = ['?::boolean'];
  const bindings: Knex.RawBinding[] = [readsEveryRecord(def.readers, reader)];
  for (const { where, to } of def.readers.when) {
    const conditions = Object.entries(where).map(([name, wanted]) => {
      bindings.push(typeof wanted === 'boolean' ? wanted : [...wanted]);
      return typeof wanted === 'boolean' ? `${alias}.${columnOf(def, name)} = ?::boolean` : `${alias}.${columnOf(def, name)}::text = any(?::text[])`;
    });
    const [audience, audienceBindings] = reaches(def, to, reader, alias);
    bindings.push(...audienceBindings);
    clauses.push(`(${[...conditions, audience].join(' and ')})`);
  }
  return query.whereRaw(`(${clauses.join(' or ')})`, bindings);
}
