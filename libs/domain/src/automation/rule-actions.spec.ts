import { parseAction } from './rule-actions.js';
import { namedLines } from '../records/named-lines.js';

describe('the forms of a rule action', () => {
  it.each([
    ['update request set member = nil', { record: 'request', action: { kind: 'set', field: 'member', value: 'nil' } }],
    ["update request add note 'Waiting: ' + record.subject", { record: 'request', action: { kind: 'note', value: "'Waiting: ' + record.subject" } }],
    ['update risk add 7 to organizations', { record: 'risk', action: { kind: 'add', field: 'organizations', value: '7' } }],
    ['update risk remove record.organizations[0] from organizations', { record: 'risk', action: { kind: 'remove', field: 'organizations', value: 'record.organizations[0]' } }],
    ['update risk clear organizations', { record: 'risk', action: { kind: 'clear', field: 'organizations' } }],
    ["after 1h 30m trigger 'Escalate'", { action: { kind: 'after', seconds: 5400, rule: 'Escalate' } }],
    ["call webhook 'My \\'hook\\'' with payload {'a': record.id}", { action: { kind: 'webhook', webhook: "My 'hook'", value: "{'a': record.id}" } }],
    ['call webhook "notify" with payload {"status": record.status}', { action: { kind: 'webhook', webhook: 'notify', value: '{"status": record.status}' } }],
  ])('%s', (text, parsed) => {
    expect(parseAction(text)).toEqual({ ok: true, ...parsed });
  });

  it.each(['update request', 'set member = nil', "after soon trigger 'x'", 'call webhook notify with payload 1', "after 2h trigger 'unclosed"])('refuses %s, saying which forms there are', (text) => {
    expect(parseAction(text)).toEqual({ ok: false, message: expect.stringMatching(/^an action is 'update <record> set <field> = <value>'/) });
  });
});

describe('the lines of expressions and actions', () => {
  it('reads `name: value` lines, blank lines left out, a line without a name named by its place', () => {
    expect(namedLines("waiting: record.status == 'x'\n\n  update request set member = nil  \nnote: a ? b : c")).toEqual([
      { name: 'waiting', value: "record.status == 'x'" },
      { name: 'line2', value: 'update request set member = nil' },
      { name: 'note', value: 'a ? b : c' },
    ]);
  });
});
