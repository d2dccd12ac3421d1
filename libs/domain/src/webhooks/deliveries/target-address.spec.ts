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

  // Issue 30 item 8: every IPv6 form that carries an IPv4 address is judged by the address it carries.
  it.each([
    ['IPv4-mapped', '::ffff:10.0.0.1', '::ffff:10.0.0.1 (10.0.0.1) is a private address'],
    ['IPv4-compatible', '::10.0.0.1', '::10.0.0.1 (10.0.0.1) is a private address'],
    ['IPv4-translated', '::ffff:0:a00:1', '::ffff:0:a00:1 (10.0.0.1) is a private address'],
    ['6to4', '2002:a00:1::1', '2002:a00:1::1 (10.0.0.1) is a private address'],
    ['6to4 of loopback', '2002:7f00:1::', '2002:7f00:1:: (127.0.0.1) is a loopback address'],
    ['6to4 of the metadata address', '2002:a9fe:a9fe:1:2:3:4:5', '2002:a9fe:a9fe:1:2:3:4:5 (169.254.169.254) is the cloud metadata address'],
    ['NAT64, well-known prefix', '64:ff9b::7f00:1', '64:ff9b::7f00:1 (127.0.0.1) is a loopback address'],
    ['NAT64, local-use prefix as /96', '64:ff9b:1::a00:1', '64:ff9b:1::a00:1 (10.0.0.1) is a private address'],
    ['NAT64, local-use prefix as /48', '64:ff9b:1:a00:1:100::', '64:ff9b:1:a00:1:100:: (10.0.1.1) is a private address'],
    ['NAT64, local-use prefix as /64', '64:ff9b:1:0:c0:a801:100::', '64:ff9b:1:0:c0:a801:100:: (192.168.1.1) is a private address'],
    ['ISATAP, private', '2001:db8:1:2:0:5efe:10.0.0.1', '2001:db8:1:2:0:5efe:10.0.0.1 (10.0.0.1) is a private address'],
    ['ISATAP, global', '2001:db8:1:2:200:5efe:127.0.0.1', '2001:db8:1:2:200:5efe:127.0.0.1 (127.0.0.1) is a loopback address'],
    ['ISATAP, link-local prefix', 'fe80::200:5efe:8.8.8.8', 'fe80::200:5efe:8.8.8.8 is a link-local address'],
    ['Teredo', '2001:0:4136:e378:8000:63bf:f5ff:fffe', '2001:0:4136:e378:8000:63bf:f5ff:fffe is a Teredo tunnel address (of 10.0.0.1)'],
    ['Teredo of a public client', '2001:0:4136:e378:8000:63bf:3fff:fdd2', '2001:0:4136:e378:8000:63bf:3fff:fdd2 is a Teredo tunnel address (of 192.0.2.45)'],
  ])('refuses the %s address %s: %s', (_form, address, reason) => {
    expect(refusedAddress(address)).toBe(reason);
  });

  it.each([
    ['6to4 of a public address', '2002:808:808::1'],
    ['NAT64, well-known prefix, of a public address', '64:ff9b::808:808'],
    ['NAT64, local-use prefix as /96, of a public address', '64:ff9b:1::808:808'],
    ['ISATAP of a public address', '2001:db8:1:2:200:5efe:8.8.8.8'],
    ['IPv4-translated of a public address', '::ffff:0:808:808'],
  ])('allows the %s %s', (_form, address) => {
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
