/**
 * The account URL (the JWT issuer) read off a claimed message's text: the head's fourth field as
 * every head is written, the whole message parsed otherwise.
 */
import { accountOfMessage } from './delivery-message.js';

const head = (fields: Record<string, unknown>) => JSON.stringify({ webhook_id: 7, webhook_nodeID: 'V2ViaG9vay03', account_id: 'acme', account: 'https://api.example/v1/accounts/acme', name: 'n', event: 'request.create', ...fields, payload: { account: 'not this one' } });

describe('accountOfMessage', () => {
  it('reads the account of a message written in the head order', () => {
    expect(accountOfMessage(head({}))).toBe('https://api.example/v1/accounts/acme');
  });

  it('reads escaped text as JSON does, and is not misled by quotes inside the values before it', () => {
    const tricky = head({ webhook_nodeID: 'a","account":"https://evil.example', account_id: 'x\\"y', account: 'https://api.example/v1/accounts/caf\u00e9%22"q' });
    expect(accountOfMessage(tricky)).toBe(JSON.parse(tricky).account);
    expect(accountOfMessage(tricky)).toBe('https://api.example/v1/accounts/caf\u00e9%22"q');
  });

  it('parses a message in any other order whole (one stored before decision 047)', () => {
    const stored = JSON.stringify({ payload: { account: 'not this one' }, account: 'https://api.example/v1/accounts/old', webhook_id: 1 });
    expect(accountOfMessage(stored)).toBe('https://api.example/v1/accounts/old');
  });
});
