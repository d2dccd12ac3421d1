import { trustedAccountId } from '../tenancy/account-id.js';
import { assertAllowed, evaluateScopes } from './evaluate-scopes.js';
import type { CallFacts } from './scope-condition.js';
import { tokenScopes } from './scope-statement.js';

const call: CallFacts = { accountId: 'wdc', roles: ['agent'] };
const allows = (lines: string[], recordType: string, operation: 'Read' | 'Create' | 'Update' | 'Delete', facts = call) =>
  evaluateScopes(tokenScopes(lines), { recordType, operation }, facts).allowed;

describe('token scopes <record type>:<operation>', () => {
  it('allow the named action only', () => {
    expect(allows(['request:Read'], 'request', 'Read')).toBe(true);
    expect(allows(['request:Read'], 'request', 'Update')).toBe(false);
    expect(allows(['request:Read'], 'person', 'Read')).toBe(false);
  });

  it('treat * as a wildcard on either side', () => {
    expect(allows(['*:*'], 'webhook', 'Delete')).toBe(true);
    expect(allows(['request:*'], 'request', 'Create')).toBe(true);
    expect(allows(['*:Read'], 'team', 'Read')).toBe(true);
    expect(allows(['*:Read'], 'team', 'Update')).toBe(false);
  });

  it('ignore malformed scopes: they grant nothing', () => {
    expect(tokenScopes(['request:read', 'Request:Read', 'request read', 'widget:Read'])).toEqual([]);
    expect(allows(['request read'], 'request', 'Read')).toBe(false);
  });
});

describe('SPEC.md "Integration scope" effect — the evaluator', () => {
  it('refuses an action no scope allows', () => {
    expect(evaluateScopes(tokenScopes(['me:Read']), { recordType: 'request', operation: 'Read' }, call)).toEqual({ allowed: false, because: 'not-allowed' });
  });

  it('lets a deny scope beat an allow scope for the same action, in any order', () => {
    for (const lines of [['*:*', 'deny request:Delete'], ['deny request:Delete', '*:*']]) {
      expect(evaluateScopes(tokenScopes(lines), { recordType: 'request', operation: 'Delete' }, call)).toEqual({ allowed: false, because: 'denied' });
      expect(allows(lines, 'request', 'Update')).toBe(true);
    }
  });

  it('applies a scope only when all of its conditions hold for the call', () => {
    const lines = ['allow request:Read if account = wdc and role in agent, administrator'];
    expect(allows(lines, 'request', 'Read')).toBe(true);
    expect(allows(lines, 'request', 'Read', { accountId: 'widget', roles: ['agent'] })).toBe(false);
    expect(allows(lines, 'request', 'Read', { accountId: 'wdc', roles: [] })).toBe(false);
  });

  it('denies under a condition only: account != and role !=', () => {
    const lines = ['*:*', 'deny request:Update if account != wdc', 'deny request:Create if role != administrator'];
    expect(allows(lines, 'request', 'Update')).toBe(true);
    expect(allows(lines, 'request', 'Update', { accountId: 'widget', roles: ['agent'] })).toBe(false);
    expect(allows(lines, 'request', 'Create')).toBe(false);
    expect(allows(lines, 'request', 'Create', { accountId: 'wdc', roles: ['administrator'] })).toBe(true);
  });
});

describe('assertAllowed — the 403 names the action', () => {
  const access = (lines: string[]) => ({ scopes: tokenScopes(lines), account: { id: trustedAccountId('wdc'), name: 'WDC', directoryAccountId: null }, roles: [] });

  it('says the scopes do not allow the action when nothing allows it', () => {
    expect(() => assertAllowed(access(['me:Read']), 'request', 'Read')).toThrow("This token's scopes do not allow request:Read");
  });

  it('says the scopes deny the action when a deny scope applies', () => {
    expect(() => assertAllowed(access(['*:*', 'deny request:Read']), 'request', 'Read')).toThrow("This token's scopes deny request:Read");
  });

  it('lets an allowed action through', () => {
    expect(() => assertAllowed(access(['request:*']), 'request', 'Read')).not.toThrow();
  });
});
