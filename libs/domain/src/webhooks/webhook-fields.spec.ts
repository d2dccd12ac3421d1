import { applyWebhookInput } from './webhook-fields.js';
import type { WebhookFields } from './webhook-record.js';

const current: WebhookFields = {
  name: 'Pager', event: 'request.create', uri: 'https://hooks.example/in', description: 'Text', disabled: true, ordered: false,
  mail_exceptions_to: 'ops@x.example', webhook_policy_id: 7, source: 'crm', source_id: 'c-1',
};

describe('SPEC.md "Webhook" — applyWebhookInput', () => {
  it('fills the defaults of a new webhook: name = event, disabled and ordered false, the rest null', () => {
    expect(applyWebhookInput({ event: 'team.update', uri: 'https://hooks.example/t' }, null)).toEqual({
      fields: {
        name: 'team.update', event: 'team.update', uri: 'https://hooks.example/t', description: null, disabled: false, ordered: false,
        mail_exceptions_to: null, webhook_policy_id: null, source: null, source_id: null,
      },
      errors: [],
    });
  });

  it('requires event and uri on create, and reports both', () => {
    expect(applyWebhookInput({}, null).errors).toEqual([['event', "Event can't be blank"], ['uri', "Uri can't be blank"]]);
  });

  it('keeps what an update leaves out, and applies what it gives', () => {
    expect(applyWebhookInput({}, current)).toEqual({ fields: current, errors: [] });
    expect(applyWebhookInput({ disabled: false, sourceID: 'c-2', webhook_policy: null }, current).fields).toEqual({
      ...current, disabled: false, source_id: 'c-2', webhook_policy_id: null,
    });
  });

  it('stores blank optional texts as null and gives a blank name the event', () => {
    const { fields } = applyWebhookInput({ name: ' ', description: '', source: '  ', sourceID: null, mail_exceptions_to: '' }, current);
    expect(fields).toMatchObject({ name: 'request.create', description: null, source: null, source_id: null, mail_exceptions_to: null });
  });

  it('gives a blank name the new event when the same update changes the event', () => {
    expect(applyWebhookInput({ name: null, event: 'team.create' }, current).fields.name).toBe('team.create');
  });

  it('reports every broken rule at once, in field order', () => {
    const { errors } = applyWebhookInput(
      { event: 'request.created', name: 'n'.repeat(256), uri: 'ftp://x', description: 'd'.repeat(65_537), source: 's'.repeat(31), sourceID: 'i'.repeat(129), mail_exceptions_to: 'x' },
      null,
    );
    expect(errors.map(([field]) => field)).toEqual(['event', 'name', 'uri', 'description', 'source', 'sourceID', 'mail_exceptions_to']);
  });

  it('counts the 64 KB of a description in UTF-8 bytes', () => {
    expect(applyWebhookInput({ description: 'é'.repeat(32_768) }, current).errors).toEqual([]);
    expect(applyWebhookInput({ description: 'é'.repeat(32_769) }, current).errors).toEqual([['description', 'Description is too long (maximum is 64 KB)']]);
  });
});
