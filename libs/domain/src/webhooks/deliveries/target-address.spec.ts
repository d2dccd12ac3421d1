import { isIpLiteral, parseAllowedNetworks, refusedAddress } from './target-address.js';

describe('refusedAddress', () => {
  it.each([
    ['127.0.0.1', '127.0.0.1 is a loopback address'],
    ['10.0.0.5', '10.0.0.5 is a private address'],
    ['172.20.1.1', '172.20.1.1 is a private address'],
    ['192.168.1.10', '192.168.1.10 is a private address'],
    ['169.254.169.254', '169.254.169.254 is the cloud metadata address'],
    ['169.254.10.1', '169.254.10.1 is a link-local address'],
    ['0.0.0.0', '0.0.0.0 is an unspecified ("this network") address'],
    ['100.64.0.1', '100.64.0.1 is a carrier-grade NAT (shared) address'],
    ['224.0.0.1', '224.0.0.1 is a multicast address'],
    ['::1', '::1 is a loopback address'],
    ['::', ':: is an unspecified address'],
    ['fd12:3456::1', 'fd12:3456::1 is a private (unique local) address'],
    ['fe80::1', 'fe80::1 is a link-local address'],
    ['ff02::1', 'ff02::1 is a multicast address'],
    ['::ffff:127.0.0.1', '::ffff:127.0.0.1 (127.0.0.1) is a loopback address'],
    ['::ffff:a9fe:a9fe', '::ffff:a9fe:a9fe (169.254.169.254) is the cloud metadata address'],
    ['64:ff9b::a00:1', '64:ff9b::a00:1 (10.0.0.1) is a private address'],
    ['[::1]', '::1 is a loopback address'],
    ['not an address', 'not an address is not an IP address'],
  ])('refuses %s: %s', (address, reason) => {
    expect(refusedAddress(address)).toBe(reason);
  });

  it.each(['93.184.215.14', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8', '172.32.0.1', '100.128.0.1'])('allows the public address %s', (address) => {
    expect(refusedAddress(address)).toBeNull();
  });

  it('allows what WEBHOOK_ALLOWED_NETWORKS lists, and only that', () => {
    const allowed = parseAllowedNetworks('127.0.0.0/8, ::1/128,10.1.2.3');
    expect(refusedAddress('127.0.0.1', allowed)).toBeNull();
    expect(refusedAddress('::1', allowed)).toBeNull();
    expect(refusedAddress('::ffff:127.0.0.1', allowed)).toBeNull();
    expect(refusedAddress('10.1.2.3', allowed)).toBeNull();
    expect(refusedAddress('10.1.2.4', allowed)).toBe('10.1.2.4 is a private address');
    expect(refusedAddress('169.254.169.254', allowed)).toBe('169.254.169.254 is the cloud metadata address');
  });
});

describe('parseAllowedNetworks', () => {
  it('reads an empty setting as no networks', () => {
    expect(parseAllowedNetworks(undefined).cidrs).toEqual([]);
    expect(parseAllowedNetworks(' , ').cidrs).toEqual([]);
  });

  it.each([['10.0.0.0/33'], ['localhost'], ['10.0.0/8x']])('names the bad entry %s', (text) => {
    expect(() => parseAllowedNetworks(text)).toThrow(text);
  });
});

describe('isIpLiteral', () => {
  it('tells IP literals of a URL host from names', () => {
    expect(isIpLiteral('10.0.0.1')).toBe(true);
    expect(isIpLiteral('[::1]')).toBe(true);
    expect(isIpLiteral('localhost')).toBe(false);
    expect(isIpLiteral('hooks.example.com')).toBe(false);
  });
});
