import { evaluateScopes } from './evaluate-scopes.js';
import { intersectActions, narrowToTokenScope, oauthTokenScopes, tokenScopeActions } from './narrow-scopes.js';
import type { CallFacts } from './scope-condition.js';
import { tokenScopes } from './scope-statement.js';
import type { ScopeOperation } from './scope-action.js';

const call: CallFacts = { accountId: 'wdc', roles: ['agent'] };
/** Whether a token of `scope` (null: none named) on an integration of `lines` may do the action. */
const allows = (lines: string[], scope: string | null, recordType: string, operation: ScopeOperation, facts = call) =>
  evaluateScopes(narrowToTokenScope(tokenScopes(lines), tokenScopeActions(scope)), { recordType, operation }, facts).allowed;

describe('tokenScopeActions — the actions of an OAuth token scope', () => {
  it('reads space-separated actions', () => {
    expect(tokenScopeActions('request:Read  me:Read')).toEqual(['request:Read', 'me:Read']);
  });

  it('names none when the scope is absent or blank: the integration applies whole', () => {
    expect(tokenScopeActions(undefined)).toBeNull();
    expect(tokenScopeActions(null)).toBeNull();
    expect(tokenScopeActions('  ')).toBeNull();
  });

  it('leaves out words that are not actions, so a scope of such words alone grants nothing', () => {
    expect(tokenScopeActions('openid request:Read offline_access request:read')).toEqual(['request:Read']);
    expect(tokenScopeActions('openid offline_access')).toEqual([]);
  });
});

describe('intersectActions — wildcards as the evaluator has them', () => {
  it.each([
    ['request:Read', 'request:Read', 'request:Read'],
    ['request:*', '*:Read', 'request:Read'],
    ['*:*', 'me:Update', 'me:Update'],
    ['request:Read', 'request:*', 'request:Read'],
    ['request:Read', 'request:Update', null],
    ['request:*', 'me:*', null],
    ['request', 'request:Read', null],
  ])('%s ∩ %s = %s', (left, right, common) => {
    expect(intersectActions(left, right)).toBe(common);
    expect(intersectActions(right, left)).toBe(common);
  });
});

describe('narrowToTokenScope — allowed only when the integration allows it and the token scope covers it', () => {
  const integration = ['request:Read, request:Create, request:Update', 'me:Read', 'deny request:Delete'];

  it('keeps the integration whole when the token names no scope', () => {
    for (const [type, operation, allowed] of [['request', 'Read', true], ['me', 'Read', true], ['request', 'Delete', false], ['team', 'Read', false]] as const) {
      expect(allows(integration, null, type, operation)).toBe(allowed);
    }
  });

  it('allows what both allow, and nothing the token scope leaves out', () => {
    expect(allows(integration, 'request:Read', 'request', 'Read')).toBe(true);
    expect(allows(integration, 'request:Read', 'request', 'Update')).toBe(false);
    expect(allows(integration, 'request:Read', 'me', 'Read')).toBe(false);
  });

  it('never lets the token scope reach beyond the integration', () => {
    expect(allows(integration, '*:*', 'team', 'Read')).toBe(false);
    expect(allows(integration, 'team:Read', 'team', 'Read')).toBe(false);
    expect(allows(integration, '*:*', 'request', 'Update')).toBe(true);
  });

  it('meets wildcards on both sides: request:* on the integration, *:Read on the token', () => {
    expect(allows(['request:*'], '*:Read', 'request', 'Read')).toBe(true);
    expect(allows(['request:*'], '*:Read', 'request', 'Create')).toBe(false);
  });

  it('keeps the integration deny over an allow the token asked for', () => {
    expect(allows(['*:*', 'deny request:Delete'], 'request:Delete request:Read', 'request', 'Delete')).toBe(false);
    expect(allows(['*:*', 'deny request:Delete'], 'request:Delete request:Read', 'request', 'Read')).toBe(true);
  });

  it('keeps the conditions of the statement it narrows', () => {
    const lines = ['allow request:* if role = administrator'];
    expect(allows(lines, 'request:Read', 'request', 'Read')).toBe(false);
    expect(allows(lines, 'request:Read', 'request', 'Read', { accountId: 'wdc', roles: ['administrator'] })).toBe(true);
  });

  it('allows nothing for a scope of non-action words', () => {
    expect(narrowToTokenScope(tokenScopes(integration), tokenScopeActions('offline_access'))).toEqual(tokenScopes(['deny request:Delete']));
  });
});

describe('oauthTokenScopes — stored integration scopes, parsed and narrowed', () => {
  const stored = [
    { effect: 'allow' as const, actions: ['request:*'], conditions: [] },
    { effect: 'deny' as const, actions: ['request:Delete'], conditions: [] },
    { effect: 'allow' as const, actions: ['team:Read'], conditions: ['weekday = monday'] },
  ];

  it('parses each stored scope, leaving out one that no longer parses', () => {
    expect(oauthTokenScopes(stored, undefined)).toEqual(tokenScopes(['request:*', 'deny request:Delete']));
  });

  it('narrows them to the token scope', () => {
    expect(oauthTokenScopes(stored, 'request:Read team:Read')).toEqual(tokenScopes(['request:Read', 'deny request:Delete']));
  });
});
