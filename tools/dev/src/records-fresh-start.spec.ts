/**
 * Issue 31 "Done when", end to end: on a fresh `npm start` (migrations, demo seed, the four
 * apps), every record of the record engine (RECORDS: a record added later is covered; the
 * eleven of the service catalogue, time and absence must be among them) is created over REST
 * with only its required fields, changed, read over GraphQL by node ID and through its
 * connection with a filter, and deleted where the catalogue has `<noun>.delete`. A webhook
 * subscribed, through the REST API, to each `<noun>.create`, `<noun>.update` and `<noun>.delete`
 * points at a receiver of this test; the worker delivers for real, and each change arrives
 * exactly once (a change that changes nothing, none), made by the caller and naming the audit
 * line the change wrote; the receiver listens on past the last one to see that nothing more comes.
 */
import { RECORDS, graphqlNameOf, isEventName, type RecordDefinition } from '@tessera/domain';
import type { TestDatabase } from '@tessera/persistence/testing';
import { startFreshStack, type Received } from './testing/stack-calls.js';

/** The records issue 31 names, by noun: each must be one of the engine's. */
const ISSUE_31 = ['organization', 'service', 'service_offering', 'sla', 'product', 'contract', 'flsa', 'knowledge_article', 'broadcast', 'time_entry', 'out_of_office_period'];
/** How long the receiver listens after the last expected message, for one that should not come. */
const QUIET_MS = 5_000;


/** Each definition after the records its required references name (an SLA after its service offering, after its service, after its organization). */
function inReferenceOrder(defs: readonly RecordDefinition[]): RecordDefinition[] {
  const ordered: RecordDefinition[] = [];
  const needs = (def: RecordDefinition) =>
    Object.values(def.fields.fields).flatMap((field) => (field.required && field.write && field.type === 'reference' && field.target !== def.node ? [field.target] : []));
  const visit = (def: RecordDefinition, path: string[]) => {
    if (ordered.includes(def)) return;
    if (path.includes(def.node)) throw new Error(`required references go round: ${[...path, def.node].join(' → ')}`);
    for (const target of needs(def)) {
      const other = defs.find((candidate) => candidate.node === target);
      if (other) visit(other, [...path, def.node]);
    }
    ordered.push(def);
  };
  for (const def of defs) visit(def, []);
  return ordered;
}

/** The field a change sets and the connection is filtered by: the first required text filtered by its value, else the first such text a change writes. */
function changedField(def: RecordDefinition): string {
  const texts = Object.entries(def.fields.fields).filter(([name, field]) => field.type === 'text' && field.write === 'change' && field.collection?.filter && graphqlNameOf(name, field) !== null);
  const chosen = texts.find(([, field]) => field.required) ?? texts[0];
  if (!chosen) throw new Error(`${def.noun}: no text field that a change writes and a connection filters by`);
  return chosen[0];
}

describe('the records of the engine on a fresh npm start: REST, GraphQL and one webhook message per change', () => {
  let fresh: Awaited<ReturnType<typeof startFreshStack>>;
  let test: TestDatabase;
  let received: Received[];

  beforeAll(async () => {
    fresh = await startFreshStack('records');
    ({ test } = fresh);
    received = fresh.receiver.received;
  }, 120_000);

  afterAll(() => fresh?.stop());

  it('has the eleven records of issue 31 among the records of the engine', () => {
    expect(RECORDS.map((def) => def.noun)).toEqual(expect.arrayContaining(ISSUE_31));
  });

  it('creates each with only its required fields, changes it, reads it over GraphQL, deletes it where it can; each change reaches its webhook once', async () => {
    const { credentials, admin: { rest, graphql } } = fresh;
    const me = (await rest('GET', '/me')).body as { id: number; name: string };
    const receiverUrl = fresh.receiver.url;

    // A webhook for each event, created as a user would; its uri names the event, so a message shows which webhook it came through.
    // A record created under another (a workflow's task) changes its parent as it is made: work-plans-fresh-start.spec.ts walks those.
    // A record the catalogue names no event for (an automation rule) has nothing to send: automation-fresh-start.spec.ts walks those.
    const defs = inReferenceOrder(RECORDS.filter((def) => !Object.values(def.parents).some((parent) => parent.create) && isEventName(`${def.noun}.create`)));
    const webhookOf: Record<string, number> = {};
    for (const def of defs) {
      for (const verb of ['create', 'update', ...(def.deletable ? ['delete'] : [])]) {
        const event = `${def.noun}.${verb}`;
        const created = await rest('POST', '/webhooks', { event, uri: `${receiverUrl}/${event}` });
        expect({ event, status: created.status, disabled: created.body.disabled }).toEqual({ event, status: 200, disabled: false });
        webhookOf[event] = created.body.id;
      }
    }

    /** What each webhook should receive, in order: the object, its node ID and, for a record whose events carry it, the changed field's value. */
    const expected: Array<{ node: string; event: string; object_id: number; object_nodeID: string; field: string; value: unknown; carried: boolean }> = [];
    const made: Record<string, number> = {};
    const problems: string[] = [];
    let day = 0;
    for (const def of defs) {
      const fields = Object.entries(def.fields.fields);
      const one = () => {
        day += 1;
        return day;
      };
      const body = Object.fromEntries(
        fields
          .filter(([, field]) => field.required && field.write)
          .map(([name, field], index): [string, unknown] => {
            if (field.type === 'reference') {
              if (made[field.target] === undefined) throw new Error(`${def.noun}.${name}: no ${field.target} made before it`);
              return [name, made[field.target]];
            }
            if (field.type === 'enum') return [name, field.values[0]];
            if (field.type === 'date') return [name, `2026-12-${String(one()).padStart(2, '0')}`];
            if (field.type === 'integer') return [name, 30];
            // Datetimes in the order declared (a start before its end).
            if (field.type === 'datetime') return [name, new Date(Date.UTC(2026, 11, 1 + index)).toISOString()];
            // A text the record's checks refuse made up (an e-mail address): its declared example, made its own.
            if (field.type === 'text') return [name, field.example === undefined ? `Fresh ${def.what} ${name}` : `fresh-${field.example}`];
            throw new Error(`${def.noun}.${name}: no value for a required ${field.type}`);
          }),
      );
      const created = await rest('POST', `/${def.path}`, body);
      if (created.status !== 201) {
        problems.push(`POST /v1/${def.path} ${JSON.stringify(body)}: ${created.status} ${JSON.stringify(created.body)}`);
        continue;
      }
      const { id, nodeID } = created.body as { id: number; nodeID: string };
      made[def.node] = id;
      const field = changedField(def);
      const declaration = def.fields.fields[field]!;
      expected.push({ node: def.node, event: `${def.noun}.create`, object_id: id, object_nodeID: nodeID, field, value: created.body[field], carried: def.payloadFields });

      // A change, then the same change again, which changes nothing and so fires nothing.
      const value = `Changed ${def.what} ${field}`;
      for (const attempt of [1, 2]) {
        const changed = await rest('PATCH', `/${def.path}/${id}`, { [field]: value });
        if (changed.status !== 200 || changed.body[field] !== value) problems.push(`PATCH /v1/${def.path}/${id} (${attempt}): ${changed.status} ${JSON.stringify(changed.body)}`);
      }
      expected.push({ node: def.node, event: `${def.noun}.update`, object_id: id, object_nodeID: nodeID, field, value, carried: def.payloadFields });

      // GraphQL: by node ID, and through the connection filtered by the changed field.
      const graphField = graphqlNameOf(field, declaration)!;
      const byNode = await graphql(`query($id: ID!) { node(id: $id) { __typename id ... on ${def.node} { dbId ${graphField} } } }`, { id: nodeID });
      const want = { __typename: def.node, id: nodeID, dbId: id, [graphField]: value };
      if (JSON.stringify(byNode.data?.['node']) !== JSON.stringify(want)) problems.push(`GraphQL node(${nodeID}): ${JSON.stringify(byNode)}, not ${JSON.stringify(want)}`);
      const many = def.graphql.many;
      const listed = await graphql(`query($values: [String]) { ${many}(first: 5, filter: { ${graphField}: { values: $values } }) { totalCount nodes { id } } }`, { values: [value] });
      const wantListed = { totalCount: 1, nodes: [{ id: nodeID }] };
      if (JSON.stringify(listed.data?.[many]) !== JSON.stringify(wantListed)) problems.push(`GraphQL ${many}(filter: ${graphField}): ${JSON.stringify(listed)}, not ${JSON.stringify(wantListed)}`);

      if (def.deletable) {
        const deleted = await rest('DELETE', `/${def.path}/${id}`);
        const gone = await rest('GET', `/${def.path}/${id}`);
        if (deleted.status !== 204 || gone.status !== 404) problems.push(`DELETE /v1/${def.path}/${id}: ${deleted.status}, then GET: ${gone.status}`);
        expected.push({ node: def.node, event: `${def.noun}.delete`, object_id: id, object_nodeID: nodeID, field, value, carried: def.payloadFields });
      }
    }
    expect(problems).toEqual([]);

    // Every expected message arrives; then nothing more does.
    const began = Date.now();
    while (received.length < expected.length && Date.now() - began < 60_000) await new Promise((resolve) => setTimeout(resolve, 200));
    await new Promise((resolve) => setTimeout(resolve, QUIET_MS));

    /** A record whose events carry it (`payloadFields`): the changed field's value in the message's payload. */
    const carriedBy = (message: Received) => {
      const of = expected.find((e) => e.event === message.body.event && e.object_id === message.body.object_id);
      return of?.carried ? { carried: message.body.payload?.[of.field] } : {};
    };
    /** Each change writes its audit line, which the message names by id and node ID (REFERENCE.md "Webhooks"): `<record type> <id> <action>`. */
    const lines = new Map(
      ((await test.db('audit_lines').whereIn('id', received.map((message) => Number(message.body.payload?.['audit_line_id'] ?? 0))).select('id', 'record_type', 'record_id', 'action')) as Array<{ id: number; record_type: string; record_id: number; action: string }>).map((line) => [line.id, `${line.record_type} ${line.record_id} ${line.action}`]),
    );
    const auditLineOf = (message: Received) => {
      const id = message.body.payload?.['audit_line_id'];
      const nodeID = message.body.payload?.['audit_line_nodeID'];
      return typeof id === 'number' && nodeID === Buffer.from(`tessera/AuditLine/${id}`).toString('base64url') ? (lines.get(id) ?? `no audit line ${id}`) : { id, nodeID };
    };
    const seen = received
      .map((message) => ({
        path: message.path,
        header: message.event,
        event: message.body.event,
        object_id: message.body.object_id,
        object_nodeID: message.body.object_nodeID,
        webhook_id: message.body.webhook_id,
        account: message.body.account_id,
        person: [message.body.person_id, message.body.person_name],
        auditLine: auditLineOf(message),
        ...carriedBy(message),
      }))
      .sort((a, b) => a.path.localeCompare(b.path) || a.object_id - b.object_id);
    const wanted = expected
      .map((e) => ({
        path: `/${e.event}`,
        header: e.event,
        event: e.event,
        object_id: e.object_id,
        object_nodeID: e.object_nodeID,
        webhook_id: webhookOf[e.event],
        account: credentials.account,
        person: [me.id, me.name],
        auditLine: `${e.node} ${e.object_id} ${e.event.split('.')[1]}`,
        ...(e.carried ? { carried: e.value } : {}),
      }))
      .sort((a, b) => a.path.localeCompare(b.path) || a.object_id - b.object_id);
    expect(seen).toEqual(wanted);
    // One delivery each: no message came twice under different delivery ids either.
    expect(new Set(received.map((message) => message.delivery)).size).toBe(received.length);
    // Every record of the engine was walked through, with create, update and (where the catalogue has it) delete.
    expect(new Set(expected.map((e) => e.event.split('.')[0]))).toEqual(new Set(defs.map((def) => def.noun)));
  }, 240_000);
});
