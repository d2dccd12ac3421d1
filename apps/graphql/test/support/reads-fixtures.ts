/** Rows the reads tests need beyond the demo seed: many requests, people with teams, a second account. */
import type { Database } from '@tessera/persistence';
import type { GraphqlHarness, Reply } from './graphql-harness.js';

/** POST `{query, variables}` with a token and the demo account header. */
export function postVars(g: GraphqlHarness, token: string, query: string, variables: Record<string, unknown>): Promise<Reply> {
  return g.call('/', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'x-service-account': g.demo.account },
    body: JSON.stringify({ query, variables }),
  });
}

export async function personId(db: Database, email: string): Promise<number> {
  return (await db('people').whereRaw('lower(primary_email) = lower(?)', [email]).first('id')).id as number;
}

export interface InsertedRequest {
  id: number;
  subject: string;
}

/** Requests of an account, subjects `<prefix> 001`..., requested by and for `personId`. */
export async function insertRequests(
  db: Database,
  account: string,
  count: number,
  values: { prefix: string; personId: number; teamId?: number | null; status?: (i: number) => string; createdAt?: (i: number) => Date },
): Promise<InsertedRequest[]> {
  const rows = Array.from({ length: count }, (_, i) => ({
    account_id: account,
    subject: `${values.prefix} ${String(i + 1).padStart(3, '0')}`,
    category: 'incident',
    status: values.status?.(i) ?? 'assigned',
    requested_by_id: values.personId,
    requested_for_id: values.personId,
    created_by_id: values.personId,
    team_id: values.teamId ?? null,
    ...(values.createdAt ? { created_at: values.createdAt(i), updated_at: values.createdAt(i) } : {}),
  }));
  return db('requests').insert(rows).returning(['id', 'subject']);
}

/** A second account, with a person, a team, a service instance, a CI, a webhook, a UI extension and requests of its own. */
export async function insertOtherAccount(db: Database, id = 'other-co'): Promise<{ account: string; personId: number; teamId: number; requestIds: number[] }> {
  await db('accounts').insert({ id, name: 'Other Company' }).onConflict('id').ignore();
  const [person] = await db('people').insert({ account_id: id, name: 'Olga Other', primary_email: `olga@${id}.example` }).returning('id');
  const [team] = await db('teams').insert({ account_id: id, name: 'Other Team' }).returning('id');
  await db('team_memberships').insert({ account_id: id, team_id: team.id, person_id: person.id });
  const [service] = await db('services').insert({ account_id: id, name: 'Other Service' }).returning('id');
  await db('service_instances').insert({ account_id: id, service_id: service.id, name: 'Other Instance' });
  await db('configuration_items').insert({ account_id: id, name: 'Other CI', label: 'other-ci-01' });
  await db('webhooks').insert({ account_id: id, name: 'Other Hook', event: 'request.create', uri: 'https://other.example/hook' });
  await db('ui_extensions').insert({ account_id: id, name: 'Other Extension', category: 'request_template' });
  const requests = await insertRequests(db, id, 3, { prefix: 'Other request', personId: person.id, teamId: team.id });
  return { account: id, personId: person.id, teamId: team.id, requestIds: requests.map((r) => r.id) };
}
