import { auditPairs, changedFields } from './changed-fields.js';

describe('changedFields', () => {
  const scope = { effect: 'allow', actions: ['request:Read'], conditions: [] as string[] };

  it('keeps only the fields whose value differs, arrays compared by value', () => {
    expect(changedFields(scope, { effect: 'allow', actions: ['request:Read'], conditions: ['account = wdc'] })).toEqual({ conditions: ['account = wdc'] });
    expect(changedFields(scope, { actions: ['request:Read', 'request:Update'] })).toEqual({ actions: ['request:Read', 'request:Update'] });
  });

  it('finds no change when every value is the current one or left out', () => {
    expect(changedFields(scope, { effect: 'allow', actions: ['request:Read'] })).toEqual({});
    expect(changedFields(scope, {})).toEqual({});
  });

  it('writes [before, after] pairs for the audit line', () => {
    expect(auditPairs(scope, { effect: 'deny' })).toEqual({ effect: ['allow', 'deny'] });
  });
});
