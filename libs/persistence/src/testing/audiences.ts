/**
 * The readers of docs/decisions/056 and the records they read, for the REST and GraphQL specs of
 * who reads knowledge articles and broadcasts: four callers of one account — an end user of an
 * organization below another, a specialist of team A, a specialist of team B and an
 * administrator — and records each meant for some of them, with who reads each.
 */
import type { Database } from '../database.js';
import { mintToken } from './access-principals.js';

export const READERS = ['end user', 'specialist of team A', 'specialist of team B', 'administrator'] as const;
export type ReaderName = (typeof READERS)[number];

export interface AudienceRecord {
  /** What the record is meant for, as a spec names it. */
  label: string;
  id: number;
  readBy: readonly ReaderName[];
}

export interface Audiences {
  /** The account of them all, of nothing else: every list holds only what is made here. */
  account: string;
  /** Each caller's token (`*:*`). */
  tokens: Record<ReaderName, string>;
  articles: AudienceRecord[];
  broadcasts: AudienceRecord[];
}

const ALL = READERS;
const STAFF = ['specialist of team A', 'specialist of team B', 'administrator'] as const;

let made = 0;

async function insertId(db: Database, table: string, row: Record<string, unknown>): Promise<number> {
  const [{ id }] = await db(table).insert(row).returning('id');
  return id as number;
}

/** The callers, their teams and organizations, and the records meant for them, in an account of their own. */
export async function insertAudiences(db: Database): Promise<Audiences> {
  const n = ++made;
  const account = `audience-${n}`;
  await db('accounts').insert({ id: account, name: `Audience ${n}` });
  const named = (what: string) => ({ account_id: account, name: `${what} ${n}` });
  const parent = await insertId(db, 'organizations', named('Audience parent organization'));
  const child = await insertId(db, 'organizations', { ...named('Audience child organization'), parent_id: parent });
  const teamA = await insertId(db, 'teams', named('Audience team A'));
  const teamB = await insertId(db, 'teams', named('Audience team B'));
  const person = async (who: string, organization: number | null, role: string | null, team: number | null) => {
    const id = await insertId(db, 'people', { ...named(`Audience ${who}`), primary_email: `audience-${who.replaceAll(' ', '-')}-${n}@audience.example`, organization_id: organization });
    if (role) await db('person_roles').insert({ person_id: id, account_id: account, role });
    if (team) await db('team_memberships').insert({ account_id: account, team_id: team, person_id: id });
    return mintToken(db, id, ['*:*']);
  };
  const tokens: Record<ReaderName, string> = {
    'end user': await person('end user', child, null, null),
    'specialist of team A': await person('specialist A', null, 'specialist', teamA),
    'specialist of team B': await person('specialist B', null, 'specialist', teamB),
    administrator: await person('administrator', null, 'administrator', null),
  };

  // Team A supports service A; team B supports an instance of service B.
  const serviceA = await insertId(db, 'services', { ...named('Audience service A'), provider_id: parent, support_team_id: teamA });
  const serviceB = await insertId(db, 'services', { ...named('Audience service B'), provider_id: parent });
  const instanceB = await insertId(db, 'service_instances', { ...named('Audience instance B'), service_id: serviceB, support_team_id: teamB });
  const flags = (end: boolean, internal: boolean, covered: boolean) => ({ end_users: end, key_contacts: false, internal_specialists: internal, covered_specialists: covered });
  const article = async (label: string, readBy: readonly ReaderName[], row: Record<string, unknown>, instances: number[] = []): Promise<AudienceRecord> => {
    const id = await insertId(db, 'knowledge_articles', { account_id: account, subject: `${label} ${n}`, service_id: serviceA, ...flags(true, true, true), ...row });
    for (const [i, instance] of instances.entries()) await db('knowledge_article_service_instances').insert({ account_id: account, knowledge_article_id: id, service_instance_id: instance, position: i + 1 });
    return { label, id, readBy };
  };
  const articles = [
    await article('validated for all', ALL, { status: 'validated' }),
    await article('not validated', STAFF, { status: 'not_validated' }),
    await article('work in progress', STAFF, { status: 'work_in_progress' }),
    await article('archived', ['administrator'], { status: 'archived' }),
    await article('validated for specialists', STAFF, { status: 'validated', ...flags(false, true, true) }),
    await article('validated for end users only', ALL, { status: 'validated', ...flags(true, false, false) }),
    await article('covered: support team of its service', ['specialist of team A', 'administrator'], { status: 'validated', ...flags(false, false, true) }),
    await article('covered: support team of its service instance', ['specialist of team B', 'administrator'], { status: 'validated', service_id: serviceB, ...flags(false, false, true) }, [instanceB]),
    await article('validated for no one', ['administrator'], { status: 'validated', ...flags(false, false, false) }),
  ];

  const broadcast = async (label: string, readBy: readonly ReaderName[], visibility: string, links: { teams?: number[]; organizations?: number[] } = {}): Promise<AudienceRecord> => {
    const id = await insertId(db, 'broadcasts', { account_id: account, message: `${label} ${n}`, message_type: 'info', visibility });
    for (const [i, team] of (links.teams ?? []).entries()) await db('broadcast_teams').insert({ account_id: account, broadcast_id: id, team_id: team, position: i + 1 });
    for (const [i, organization] of (links.organizations ?? []).entries()) {
      await db('broadcast_organizations').insert({ account_id: account, broadcast_id: id, organization_id: organization, position: i + 1 });
    }
    return { label, id, readBy };
  };
  const broadcasts = [
    await broadcast('all of account', ALL, 'all_of_account'),
    await broadcast('account specialists', STAFF, 'account_specialists'),
    await broadcast('members of team A', ['specialist of team A', 'administrator'], 'members_of_teams', { teams: [teamA] }),
    await broadcast('members of team B', ['specialist of team B', 'administrator'], 'members_of_teams', { teams: [teamB] }),
    await broadcast('the child organization', ['end user', 'administrator'], 'organizations', { organizations: [child] }),
    await broadcast('the parent organization alone', ['administrator'], 'organizations', { organizations: [parent] }),
    await broadcast('the parent organization and below', ['end user', 'administrator'], 'organizations_and_descendants', { organizations: [parent] }),
    await broadcast('covered for (not kept)', ['administrator'], 'covered_for'),
  ];
  return { account, tokens, articles, broadcasts };
}

/** The labels of the records `reader` reads, in id order. */
export function readBy(records: readonly AudienceRecord[], reader: ReaderName): string[] {
  return records.filter((record) => record.readBy.includes(reader)).map((record) => record.label);
}
