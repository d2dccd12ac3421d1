import { parseScopeFields, parseTokenScope } from './scope-statement.js';

describe('scope syntax — actions, effects and conditions', () => {
  it('reads a token line with its effect, actions and conditions', () => {
    expect(parseTokenScope('deny request:Delete, webhook:* if account in wdc, widget and role = agent')).toEqual({
      ok: true,
      statement: {
        effect: 'deny',
        actions: ['request:Delete', 'webhook:*'],
        conditions: [
          { attribute: 'account', operator: 'in', values: ['wdc', 'widget'] },
          { attribute: 'role', operator: '=', values: ['agent'] },
        ],
      },
    });
  });

  it('defaults the effect of a bare action to allow', () => {
    expect(parseTokenScope('me:Read')).toEqual({ ok: true, statement: { effect: 'allow', actions: ['me:Read'], conditions: [] } });
  });

  it.each([
    [{ effect: 'maybe', actions: ['request:Read'], conditions: [] }, ['effect', "'maybe' is not allow or deny"]],
    [{ effect: 'allow', actions: [], conditions: [] }, ['actions', 'At least one action is required']],
    [{ effect: 'allow', actions: ['gadget:Read'], conditions: [] }, ['actions', "'gadget' is not a known record type"]],
    [{ effect: 'allow', actions: ['request:Erase'], conditions: [] }, ['actions', "'Erase' is not an operation (Read, Create, Update, Delete or *)"]],
    [{ effect: 'allow', actions: ['request'], conditions: [] }, ['actions', "'request' is not of the form <record type>:<operation>"]],
    [{ effect: 'allow', actions: ['request:Read'], conditions: ['account = Not An Id'] }, ['conditions', "'Not An Id' is not an account id"]],
    [{ effect: 'allow', actions: ['request:Read'], conditions: ['role = king'] }, ['conditions', "'king' is not a role (administrator, agent, specialist, auditor)"]],
    [{ effect: 'allow', actions: ['request:Read'], conditions: ['weekday = monday'] }, ['conditions', expect.stringContaining('is not a condition')]],
  ])('refuses %j naming the field', (fields, error) => {
    expect(parseScopeFields(fields as never)).toEqual({ ok: false, errors: [error] });
  });

  it('knows every noun of SPEC.md "Events" and the API records as record types', () => {
    for (const type of ['request', 'automation_rule', 'time_entry', 'me', 'webhook', 'webhook_policy', 'integration', 'ui_extension', 'event']) {
      expect(parseScopeFields({ effect: 'allow', actions: [`${type}:Read`], conditions: [] }).ok).toBe(true);
    }
  });
});
