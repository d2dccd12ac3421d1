import { decodeNodeId, encodeNodeId } from './node-id.js';

describe('global node IDs', () => {
  it('are URL-safe base64 without padding that decode to instance/Type/id', () => {
    const id = encodeNodeId('Request', 70);
    expect(id).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(Buffer.from(id, 'base64url').toString()).toBe('tessera/Request/70');
    expect(decodeNodeId(id)).toEqual({ instance: 'tessera', type: 'Request', id: 70 });
  });

  it.each(['', 'not base64!', Buffer.from('tessera/Request/abc').toString('base64url'), Buffer.from('tessera/request/1').toString('base64url'), Buffer.from('tessera/Request/1e30').toString('base64url')])(
    'decode %p to null',
    (value) => {
      expect(decodeNodeId(value)).toBeNull();
    },
  );

  it.each(['0', '-1', '2147483648', '9007199254740993', '9'.repeat(40)])('decode a well-formed ID of number %s to a ref naming no record', (number) => {
    expect(decodeNodeId(Buffer.from(`tessera/Request/${number}`).toString('base64url'))).toEqual({ instance: 'tessera', type: 'Request', id: null });
  });

  it('keeps the largest record id', () => {
    expect(decodeNodeId(encodeNodeId('Request', 2_147_483_647))).toEqual({ instance: 'tessera', type: 'Request', id: 2_147_483_647 });
  });
});
