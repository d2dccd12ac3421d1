/**
 * The event catalogue as a contract (issue 19 item 7): the OpenAPI document
 * served by the api has a 3.1 `webhooks` section with one entry per event,
 * and the messages Tessera publishes validate against it (JSON Schema 2020-12,
 * ajv, undeclared fields refused):
 * (a) for every event of the catalogue, a message built as the worker builds
 *     it — the outbox writer's job, then buildWebhookMessage;
 * (b) the messages of real changes made through the API, fanned out into
 *     deliveries as the worker does.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import request from 'supertest';
import {
  EVENT_CATALOGUE, EVENT_NAMES, RECORDS, accountUrl, buildWebhookMessage, fanOutWebhookEvent, outboxEntry, parseJobPayload, readNameOf, trustedAccountId,
  type EventKind, type EventName, type EventNoun, type PublishedEvent, type WebhookEventJob,
} from '@tessera/domain';
import { createUnitOfWork, listQueuedJobs } from '@tessera/persistence';
import { deliveryRows } from '@tessera/persistence/testing';
import { Validator } from '@seriousme/openapi-schema-validator';
import { API_URL, startApiHarness, type ApiHarness } from './support/api-harness.js';
import { call } from './support/integration-calls.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => void;

interface WebhookEntry {
  post: { parameters: Array<{ name: string; in: string; required: boolean }>; requestBody: { content: Record<string, { schema: unknown }> } };
}
interface OpenApiDocumentShape {
  webhooks: Record<string, WebhookEntry>;
  components: { schemas: Record<string, Record<string, unknown>> };
}

/** Realistic fields of each kind of change, besides the origin the outbox adds and the status. */
const KIND_SAMPLES: Record<EventKind, Record<string, unknown>> = {
  automation_rule: { subject: 'Printer jammed', status: 'waiting_for_customer' },
  create: {},
  update: {},
  delete: {},
  'note-added': { note_id: 7, note_nodeID: 'Tm90ZS03' },
  'status-changed': {},
  'major-incident-status-changed': { major_incident_status: 'proposed', previous_major_incident_status: null },
  'agile-board-column-changed': { agile_board_column: { id: 3, nodeID: 'QWdpbGVCb2FyZENvbHVtbi0z', name: 'Doing' } },
  'member-changed': { member: { id: 5, nodeID: 'UGVyc29uLTU=', name: 'Dana Ops' } },
  'team-changed': { team: null },
  'manager-changed': { manager: { id: 5, nodeID: 'UGVyc29uLTU=', name: 'Dana Ops' } },
};

/** The fields of a record whose events carry it (define-record.ts `payloadFields`: a time entry's), a value of its type each. */
function recordSample(noun: string): Record<string, unknown> {
  const def = RECORDS.find((record) => record.noun === noun && record.payloadFields);
  const sample: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(def?.fields.fields ?? {})) {
    const read = readNameOf(name, field);
    if (read === null || read === 'id') continue;
    if (field.type === 'reference') sample[read] = { id: 5, nodeID: 'UGVyc29uLTU=', name: 'Dana Ops' };
    else if (field.type === 'references') sample[read] = [];
    else if (field.type === 'integer') sample[read] = 30;
    else if (field.type === 'boolean') sample[read] = false;
    else if (field.type === 'datetime') sample[read] = '2026-11-29T09:00:00.000Z';
    else if (field.type === 'enum') sample[read] = field.values[0];
    else sample[read] = field.type === 'date' ? '2026-11-29' : 'Patching';
  }
  return sample;
}

/** As REFERENCE.md says: status on the create, update and status-changed events of a record that has one. */
function samplePayload(event: EventName): Record<string, unknown> {
  const [noun, kind = noun] = event.split('.') as [string, string?];
  const hasStatus = (EVENT_CATALOGUE[noun as EventNoun] as readonly string[]).includes('status-changed');
  const status = noun === 'request' ? 'assigned' : 'open';
  const statusFields = !hasStatus ? {} : kind === 'status-changed' ? { status, previous_status: status === 'open' ? 'new' : 'on_backlog' } : ['create', 'update'].includes(kind) ? { status } : {};
  return { ...KIND_SAMPLES[kind as EventKind], ...statusFields, ...recordSample(noun) };
}

/** The job the outbox writer leaves for one event of a change by a person, from a monitoring tool. */
function eventJob(event: EventName, payload: Record<string, unknown>): WebhookEventJob {
  const change = {
    account: trustedAccountId('wdc'), record: { type: 'Request', id: 42 }, action: 'update' as const, actor: { id: 3, name: 'Alice Admin' },
    source: 'Nagios', sourceId: 'n-1', changes: {}, events: [{ name: event, payload } as PublishedEvent],
  };
  return outboxEntry(change, 900).jobs[0]!.payload as WebhookEventJob;
}

describe('the webhooks section of GET /v1/openapi.json', () => {
  let h: ApiHarness;
  let document: OpenApiDocumentShape;
  const validators = new Map<string, ValidateFunction>();
  /** The body schema of an event's webhook entry, as ajv reads it from the served document. */
  const validatorOf = (event: string) => {
    let validate = validators.get(event);
    if (!validate) {
      validate = ajv.getSchema(`openapi.json#/webhooks/${event}/post/requestBody/content/application~1json/schema`)!;
      validators.set(event, validate);
    }
    return validate;
  };
  const problems = (event: string, body: unknown) => {
    const validate = validatorOf(event);
    return validate(body) ? [] : (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message}`);
  };
  let ajv: Ajv2020;

  beforeAll(async () => {
    h = await startApiHarness();
    document = (await request(h.app).get('/v1/openapi.json').expect(200)).body;
    ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema(document, 'openapi.json');
  });
  afterAll(() => h?.drop());

  it('has one POST per event of the catalogue, with the delivery headers and the plain and signed bodies, and stays a valid 3.1 document', async () => {
    expect(Object.keys(document.webhooks).sort()).toEqual([...EVENT_NAMES].sort());
    const entry = document.webhooks['request.note-added']!.post;
    expect(entry.parameters.map((p) => [p.name, p.in, p.required])).toEqual([
      ['webhook-id', 'header', true], ['webhook-timestamp', 'header', true], ['webhook-signature', 'header', false],
      ['X-Tessera-Delivery', 'header', true], ['X-Tessera-Event', 'header', true], ['User-Agent', 'header', true],
    ]);
    expect(entry.requestBody.content['application/json']?.schema).toEqual({
      oneOf: [{ $ref: '#/components/schemas/RequestNoteAddedMessage' }, { $ref: '#/components/schemas/SignedWebhookBody' }],
    });
    expect(document.components.schemas['SignedWebhookBody']).toMatchObject({ required: ['jwt'], additionalProperties: false });
    expect(await new Validator().validate(document as unknown as Record<string, unknown>)).toEqual({ valid: true });
  });

  describe('(a) every event of the catalogue, as the worker builds its message', () => {
    const webhook = { id: 31, name: 'Contract' };
    const message = (event: EventName, payload = samplePayload(event)) => buildWebhookMessage(eventJob(event, payload), webhook, accountUrl(API_URL, 'wdc'));

    it.each(EVENT_NAMES.map((event) => [event]))('%s: its message validates, and so does its test message and its signed body', (event) => {
      expect(problems(event, message(event))).toEqual([]);
      expect(problems(event, { ...message(event), object_id: 12345, payload: { test: true } })).toEqual([]);
      expect(problems(event, { jwt: 'eyJhbGciOiJub25lIn0.eyJkYXRhIjp7fX0.' })).toEqual([]);
    });

    it.each(EVENT_NAMES.map((event) => [event]))('%s: an undeclared, missing or mistyped field fails', (event) => {
      const good = message(event);
      // automation_rule's payload is the map a rule gives (docs/decisions/053): any field is its own; the envelope is still checked.
      if (event !== 'automation_rule') {
        expect(problems(event, { ...good, payload: { ...good.payload, subject: 'not declared' } })).not.toEqual([]);
        const { audit_line_id: _dropped, ...withoutAuditLine } = good.payload;
        expect(problems(event, { ...good, payload: withoutAuditLine })).not.toEqual([]);
      } else {
        expect(problems(event, { ...good, payload: 'not a map' })).not.toEqual([]);
      }
      expect(problems(event, { ...good, delivered: true })).not.toEqual([]);
      expect(problems(event, { ...good, object_id: '42' })).not.toEqual([]);
      expect(problems(event, { ...good, event: event === 'request.create' ? 'request.update' : 'request.create' })).not.toEqual([]);
      expect(problems(event, { jwt: 'x', data: good })).not.toEqual([]);
    });

    it('refuses what does not apply to an event: a status where the record has none, a note on a status change', () => {
      expect(problems('ci.update', message('ci.update', { status: 'open' }))).not.toEqual([]);
      expect(problems('request.status-changed', message('request.status-changed', { ...samplePayload('request.status-changed'), note_id: 1, note_nodeID: 'x' }))).not.toEqual([]);
      expect(problems('request.status-changed', message('request.status-changed', { status: 'assigned', previous_status: 'sleeping' }))).not.toEqual([]);
    });
  });

  describe('(b) the messages of real changes made through the API', () => {
    const REQUEST_EVENTS = ['request.create', 'request.update', 'request.note-added', 'request.status-changed', 'request.member-changed', 'request.team-changed'] as const;

    it('validate, every one, as the deliveries the worker fans them out into', async () => {
      for (const event of REQUEST_EVENTS) await h.post('/v1/webhooks').send({ event, uri: `https://receiver.example/${event}` }).expect(200);
      const dana = await h.id('people', { primary_email: 'dana@widget.example' });
      const team = await h.id('teams', { account_id: 'wdc', name: 'Database Operations' });

      const created = (await call(h, 'post', '/v1/requests').send({ subject: 'Disk full', note: 'at 99%' }).expect(201)).body;
      await call(h, 'patch', `/v1/requests/${created.id}`).send({ status: 'in_progress', member_id: dana, team_id: team }).expect(200);
      await call(h, 'patch', `/v1/requests/${created.id}`).send({ team_id: null, member_id: null, status: 'on_backlog' }).expect(200);
      await call(h, 'post', `/v1/requests/${created.id}/notes`).send({ text: 'freed 20 GB', internal: true }).expect(201);
      await h.post('/v1/events').query({ subject: 'Disk full', note: 'again', source: 'Nagios', source_id: 'n-7' }).expect((res) => expect([200, 201]).toContain(res.status));
      await h.post('/v1/events').query({ subject: 'Service down', status: 'completed', completion_reason: 'solved', source: 'Zabbix' }).expect(201);

      const jobs = await listQueuedJobs(h.test.db, 'webhook-event');
      let index = 0;
      for (const job of jobs) {
        const parsed = parseJobPayload('webhook-event', job.payload);
        if (!parsed.ok) throw new Error(parsed.reason);
        index += 1;
        await fanOutWebhookEvent(parsed.payload, { jobId: `contract-${index}`, eventAt: new Date(), apiUrl: API_URL }, createUnitOfWork(h.test.db));
      }
      for (const { id } of await h.test.db('webhooks').whereIn('event', REQUEST_EVENTS).select('id')) await h.post(`/v1/webhooks/${id}/test`).expect(204);

      const deliveries: Array<{ event: string; test: boolean; message: Record<string, unknown> }> = await deliveryRows(h.test.db).select('event', 'test', 'message');
      const published = deliveries.filter((d) => !d.test);
      expect(published).toHaveLength(jobs.filter((job) => (REQUEST_EVENTS as readonly string[]).includes(job.payload['event'] as string)).length);
      expect(new Set(published.map((d) => d.event))).toEqual(new Set(REQUEST_EVENTS));
      expect(deliveries.filter((d) => d.test)).toHaveLength(REQUEST_EVENTS.length);
      for (const delivery of deliveries) {
        expect({ event: delivery.event, test: delivery.test, problems: problems(delivery.event, delivery.message) }).toEqual({ event: delivery.event, test: delivery.test, problems: [] });
      }
      const statusChanges = published.filter((d) => d.event === 'request.status-changed').map((d) => d.message['payload']);
      expect(statusChanges).toContainEqual(expect.objectContaining({ status: 'in_progress', previous_status: 'assigned' }));
    });
  });
});
