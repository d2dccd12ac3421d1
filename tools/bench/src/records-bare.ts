/**
 * The baseline of the records benchmark (records.bench.ts): the cheapest honest
 * equivalent of `GET /v1/organizations?per_page=…&sort=name` and `POST
 * /v1/organizations` in raw SQL behind a bare Express 5, with no engine, no
 * middleware and no rate-limit windows. Run by the bench as a child process on
 * the bench database: PORT, HOST, DATABASE_URL, and the caller the api's
 * access cache would hold (BENCH_RECORDS_CALLER: token, account, person id,
 * name and node ID); SIGTERM exits cleanly.
 *
 * - The caller: the api serves a known token from its in-memory access cache
 *   (no statement); so does this server, by comparing the token's SHA-256 and
 *   the account header with those it holds.
 * - A page: one statement, the page's rows with their parent's name and the
 *   total (a window count), then the same JSON, `Link` and `X-Pagination-*`
 *   headers as the api's.
 * - A create: one statement, autocommitted, writing what the api's
 *   transaction writes: the organization (unless one of the account already
 *   has the name as read, compared with the same `name_as_read`), its audit
 *   line (the same changes) and its `organization.create` webhook-event job
 *   (the same payload); then the answer the api gives (201, the record).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import express from 'express';
import pg from 'pg';

interface Caller {
  token: string;
  account: string;
  personId: number;
  personName: string;
  personNodeId: string;
}

const caller = JSON.parse(process.env['BENCH_RECORDS_CALLER'] ?? 'null') as Caller;
const digest = (text: string) => createHash('sha256').update(text).digest();
const callerDigest = digest(`Bearer ${caller.token}`);
const pool = new pg.Pool({ connectionString: process.env['DATABASE_URL'], max: Number(process.env['DATABASE_POOL_MAX'] ?? 20) });
const nodeId = (type: string, id: number) => Buffer.from(`tessera/${type}/${id}`, 'utf8').toString('base64url');

const PAGE = `select t.id, t.name, p.id as parent_id, p.name as parent_name, t.disabled, t.region, t.financial_id, t.created_at, t.updated_at, count(*) over () as total
  from organizations t left join organizations p on p.id = t.parent_id and p.account_id = t.account_id
 where t.account_id = $1 order by t.name asc nulls first, t.id asc limit $2 offset $3`;

/** The api's node ID, `tessera/<type>/<id>` in unpadded base64url, in SQL. */
const sqlNodeId = (type: string, id: string) => `rtrim(translate(encode(convert_to('tessera/${type}/' || ${id}, 'UTF8'), 'base64'), '+/', '-_'), '=')`;

const CREATE = `with candidate as (
    select $1::varchar as account_id, $2::varchar as name
     where not exists (select 1 from organizations where account_id = $1 and name_as_read(name) = name_as_read($2))
  ), org as (
    insert into organizations (account_id, name, disabled, parent_id, region, financial_id, remarks)
    select account_id, name, false, null, null, null, null from candidate
    returning id, name, parent_id, disabled, region, financial_id, remarks, created_at, updated_at
  ), line as (
    insert into audit_lines (account_id, action, changes, person_id, record_id, record_type, source, source_id)
    select $1, 'create', json_build_object('name', org.name, 'region', null, 'remarks', null, 'disabled', false, 'parent_id', null, 'financial_id', null), $3, org.id, 'Organization', null, null
      from org
    returning id, record_id
  )
  select org.*, (select count(*) from graphile_worker.add_jobs(array[(
    'webhook-event',
    json_build_object('account_id', $1::varchar, 'event', 'organization.create', 'object_id', org.id, 'object_nodeID', ${sqlNodeId('Organization', 'org.id')},
      'person_id', $3::integer, 'person_nodeID', $4::varchar, 'person_name', $5::varchar,
      'payload', json_build_object('audit_line_id', line.id, 'audit_line_nodeID', ${sqlNodeId('AuditLine', 'line.id')}, 'source', null, 'sourceID', null)),
    null, null, 25, null, null, null)::graphile_worker.job_spec])) as jobs
  from org join line on line.record_id = org.id`;

interface OrganizationRow {
  id: number;
  name: string;
  parent_id: number | null;
  parent_name: string | null;
  disabled: boolean;
  region: string | null;
  financial_id: string | null;
  remarks?: string | null;
  created_at: Date;
  updated_at: Date;
  total?: string;
}

const parentOf = (row: OrganizationRow) => (row.parent_id === null ? null : { id: row.parent_id, name: row.parent_name, nodeID: nodeId('Organization', row.parent_id) });

function allowed(req: express.Request, res: express.Response): boolean {
  const header = req.headers.authorization ?? '';
  if (timingSafeEqual(digest(header), callerDigest) && req.headers['x-service-account'] === caller.account) return true;
  res.status(401).json({ message: 'Unauthorized' });
  return false;
}

const app = express();
app.disable('x-powered-by');
app.use(express.json());

app.get('/v1/organizations', async (req, res, next) => {
  try {
    if (!allowed(req, res)) return;
    const perPage = Math.min(100, Math.max(1, Number(req.query['per_page'] ?? 25)));
    const page = Math.max(1, Number(req.query['page'] ?? 1));
    const { rows } = await pool.query<OrganizationRow>({ name: 'records-page', text: PAGE, values: [caller.account, perPage, (page - 1) * perPage] });
    const total = Number(rows[0]?.total ?? 0);
    const pages = Math.max(1, Math.ceil(total / perPage));
    const url = (n: number) => `<http://${req.headers.host}/v1/organizations?per_page=${perPage}&sort=name&page=${n}>`;
    res.set({
      Link: [`${url(1)}; rel="first"`, ...(page < pages ? [`${url(page + 1)}; rel="next"`] : []), `${url(pages)}; rel="last"`].join(', '),
      'X-Pagination-Per-Page': String(perPage),
      'X-Pagination-Current-Page': String(page),
      'X-Pagination-Total-Pages': String(pages),
      'X-Pagination-Total-Entries': String(total),
    });
    res.json(
      rows.map((row) => ({
        id: row.id,
        name: row.name,
        parent: parentOf(row),
        disabled: row.disabled,
        region: row.region,
        financial_id: row.financial_id,
        created_at: row.created_at,
        updated_at: row.updated_at,
        nodeID: nodeId('Organization', row.id),
      })),
    );
  } catch (error) {
    next(error);
  }
});

app.post('/v1/organizations', async (req, res, next) => {
  try {
    if (!allowed(req, res)) return;
    const name = typeof req.body?.name === 'string' ? req.body.name.trim() : '';
    if (name === '' || name.length > 128) {
      res.status(422).json({ message: 'Validation Failed', errors: [['name', "Name can't be blank"]] });
      return;
    }
    const { rows } = await pool.query<OrganizationRow>({ name: 'records-create', text: CREATE, values: [caller.account, name, caller.personId, caller.personNodeId, caller.personName] });
    const row = rows[0];
    if (!row) {
      res.status(422).json({ message: 'Validation Failed', errors: [['name', `Name has already been taken: ${name}`]] });
      return;
    }
    res.status(201).json({
      id: row.id,
      name: row.name,
      parent: null,
      disabled: row.disabled,
      region: row.region,
      financial_id: row.financial_id,
      remarks: row.remarks,
      created_at: row.created_at,
      updated_at: row.updated_at,
      nodeID: nodeId('Organization', row.id),
    });
  } catch (error) {
    next(error);
  }
});

app.get('/healthz', (_req, res) => {
  res.json({ status: 'ok' });
});

const server = app.listen(Number(process.env['PORT']), process.env['HOST'] ?? '127.0.0.1');
process.once('SIGTERM', () => {
  server.close();
  void pool.end().finally(() => process.exit(0));
});
