/**
 * Configuration items and service instances as `/v1/cis` and `/v1/service_instances` read
 * them: of one account, each reference only when it is a record of that same account, the
 * links as `[{id, name}]` (a CI's service instances in their order, a service instance's CIs
 * by id).
 */
import type { CollectionQuery, ConfigurationItemView, NamedRef, Page, ServiceInstanceView } from '@tessera/domain';
import type { Knex } from 'knex';
import { fetchPage } from '../collections/collection.js';
import type { Database } from '../database.js';

/** Public field name → SQL column, for filters and sorting. */
const CI_COLUMNS: Readonly<Record<string, string>> = {
  id: 'ci.id', name: 'ci.name', label: 'ci.label', status: 'ci.status', rule_set: 'ci.rule_set', source: 'ci.source', source_id: 'ci.source_id',
  support_team_id: 'ci.support_team_id', created_at: 'ci.created_at', updated_at: 'ci.updated_at',
};

const SI_COLUMNS: Readonly<Record<string, string>> = {
  id: 'si.id', name: 'si.name', service_id: 'si.service_id', first_line_team_id: 'si.first_line_team_id', support_team_id: 'si.support_team_id',
  created_at: 'si.created_at', updated_at: 'si.updated_at',
};

type Named = { [K in `${string}_ref_id` | `${string}_ref_name`]: number | string | null };

const namedRef = (row: Record<string, unknown>, prefix: string): NamedRef | null =>
  row[`${prefix}_ref_id`] === null || row[`${prefix}_ref_id`] === undefined ? null : { id: row[`${prefix}_ref_id`] as number, name: row[`${prefix}_ref_name`] as string };

/** Joins `table` as `alias` when its row is of the record's account; selects its id and name as `<alias>_ref_id`/`_ref_name`. */
function joinNamed(query: Knex.QueryBuilder, table: string, alias: string, column: string, owner: string): Knex.QueryBuilder {
  return query
    .leftJoin(`${table} as ${alias}`, (j) => j.on(`${alias}.id`, `${owner}.${column}`).andOn(`${alias}.account_id`, `${owner}.account_id`))
    .select(`${alias}.id as ${alias}_ref_id`, `${alias}.name as ${alias}_ref_name`);
}

function ciViews(db: Database, account: string): Knex.QueryBuilder {
  const query = db('configuration_items as ci')
    .where('ci.account_id', account)
    .select(
      'ci.id', 'ci.name', 'ci.label', 'ci.status', 'ci.rule_set', 'ci.source', 'ci.source_id', 'ci.created_at', 'ci.updated_at',
      db.raw(`coalesce((select json_agg(json_build_object('id', s.id, 'name', s.name) order by l.position)
        from ci_service_instances l join service_instances s on s.id = l.service_instance_id and s.account_id = ci.account_id
        where l.ci_id = ci.id), '[]'::json) as service_instances`),
    );
  return joinNamed(query, 'teams', 'st', 'support_team_id', 'ci');
}

function siViews(db: Database, account: string): Knex.QueryBuilder {
  const query = db('service_instances as si')
    .where('si.account_id', account)
    .select(
      'si.id', 'si.name', 'si.created_at', 'si.updated_at',
      db.raw(`coalesce((select json_agg(json_build_object('id', c.id, 'name', c.name) order by c.id)
        from ci_service_instances l join configuration_items c on c.id = l.ci_id and c.account_id = si.account_id
        where l.service_instance_id = si.id), '[]'::json) as configuration_items`),
    );
  joinNamed(query, 'services', 'sv', 'service_id', 'si');
  joinNamed(query, 'teams', 'flt', 'first_line_team_id', 'si');
  return joinNamed(query, 'teams', 'st', 'support_team_id', 'si');
}

type Row = Record<string, unknown> & Named;

function toCiView(row: Row): ConfigurationItemView {
  return {
    id: row['id'] as number, name: row['name'] as string, label: row['label'] as string | null, status: row['status'] as ConfigurationItemView['status'],
    rule_set: row['rule_set'] as ConfigurationItemView['rule_set'], source: row['source'] as string | null, source_id: row['source_id'] as string | null,
    support_team: namedRef(row, 'st'), service_instances: row['service_instances'] as NamedRef[],
    created_at: row['created_at'] as Date, updated_at: row['updated_at'] as Date,
  };
}

function toSiView(row: Row): ServiceInstanceView {
  return {
    id: row['id'] as number, name: row['name'] as string, service: namedRef(row, 'sv'), first_line_team: namedRef(row, 'flt'), support_team: namedRef(row, 'st'),
    configuration_items: row['configuration_items'] as NamedRef[], created_at: row['created_at'] as Date, updated_at: row['updated_at'] as Date,
  };
}

export async function listCiViews(db: Database, account: string, query: CollectionQuery): Promise<Page<ConfigurationItemView>> {
  const page = await fetchPage<Row>(ciViews(db, account), query, CI_COLUMNS);
  return { rows: page.rows.map(toCiView), total: page.total };
}

export async function findCiView(db: Database, account: string, id: number): Promise<ConfigurationItemView | null> {
  const row = (await ciViews(db, account).where('ci.id', id).first()) as Row | undefined;
  return row ? toCiView(row) : null;
}

export async function listServiceInstanceViews(db: Database, account: string, query: CollectionQuery): Promise<Page<ServiceInstanceView>> {
  const page = await fetchPage<Row>(siViews(db, account), query, SI_COLUMNS);
  return { rows: page.rows.map(toSiView), total: page.total };
}

export async function findServiceInstanceView(db: Database, account: string, id: number): Promise<ServiceInstanceView | null> {
  const row = (await siViews(db, account).where('si.id', id).first()) as Row | undefined;
  return row ? toSiView(row) : null;
}
