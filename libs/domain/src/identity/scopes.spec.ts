import { isValidScope, scopeAllows } from './scopes.js';

describe('token scopes <record type>:<operation>', () => {
  it('allow the named action only', () => {
    expect(scopeAllows(['request:Read'], 'request', 'Read')).toBe(true);
    expect(scopeAllows(['request:Read'], 'request', 'Update')).toBe(false);
    expect(scopeAllows(['request:Read'], 'person', 'Read')).toBe(false);
  });

  it('treat * as a wildcard on either side', () => {
    expect(scopeAllows(['*:*'], 'webhook', 'Delete')).toBe(true);
    expect(scopeAllows(['request:*'], 'request', 'Create')).toBe(true);
    expect(scopeAllows(['*:Read'], 'team', 'Read')).toBe(true);
    expect(scopeAllows(['*:Read'], 'team', 'Update')).toBe(false);
  });

  it('ignore malformed scopes', () => {
    expect(isValidScope('request:read')).toBe(false);
    expect(isValidScope('Request:Read')).toBe(false);
    expect(scopeAllows(['request read'], 'request', 'Read')).toBe(false);
  });
});
