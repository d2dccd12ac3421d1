/**
 * The addresses a name resolves to are judged as literal addresses are (issue 30 item 8): an
 * answer in an IPv6 form that carries a private IPv4 address is dropped, and the lookup fails,
 * saying why, when nothing usable is left. The resolver stands in for DNS.
 */
import type dns from 'node:dns';
import type { LookupAddress } from 'node:dns';
import { NO_ALLOWED_NETWORKS, parseAllowedNetworks, type AllowedNetworks } from '@tessera/domain';
import { guardedLookup, REFUSED_CODE } from './guarded-lookup.js';

function resolvingTo(addresses: string[]): typeof dns.lookup {
  const answer: LookupAddress[] = addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  return ((_host: string, _options: unknown, callback: (error: null, addresses: LookupAddress[]) => void) => callback(null, answer)) as unknown as typeof dns.lookup;
}

function lookUp(addresses: string[], allowed: AllowedNetworks = NO_ALLOWED_NETWORKS): Promise<{ error: NodeJS.ErrnoException | null; addresses: LookupAddress[] }> {
  return new Promise((resolve) => {
    guardedLookup(allowed, resolvingTo(addresses))('hooks.example', { all: true }, (error, found) => resolve({ error, addresses: found as LookupAddress[] }));
  });
}

describe('guardedLookup', () => {
  it.each([
    ['6to4', '2002:a00:1::1', 'refused: hooks.example: 2002:a00:1::1 (10.0.0.1) is a private address'],
    ['NAT64, well-known prefix', '64:ff9b::a9fe:a9fe', 'refused: hooks.example: 64:ff9b::a9fe:a9fe (169.254.169.254) is the cloud metadata address'],
    ['NAT64, local-use prefix', '64:ff9b:1::a00:1', 'refused: hooks.example: 64:ff9b:1::a00:1 (10.0.0.1) is a private address'],
    ['IPv4-translated', '::ffff:0:7f00:1', 'refused: hooks.example: ::ffff:0:7f00:1 (127.0.0.1) is a loopback address'],
    ['ISATAP', '2001:db8::200:5efe:c0a8:101', 'refused: hooks.example: 2001:db8::200:5efe:c0a8:101 (192.168.1.1) is a private address'],
    ['Teredo', '2001:0:4136:e378:8000:63bf:3fff:fdd2', 'refused: hooks.example: 2001:0:4136:e378:8000:63bf:3fff:fdd2 is a Teredo tunnel address (of 192.0.2.45)'],
  ])('fails for a name that resolves to a %s address of a refused one, saying why', async (_form, address, message) => {
    const { error } = await lookUp([address]);
    expect(error).toMatchObject({ code: REFUSED_CODE, message });
  });

  it('drops the refused answers and keeps the public ones', async () => {
    const { error, addresses } = await lookUp(['2002:a00:1::1', '64:ff9b:1::a00:1', '2002:808:808::1', '93.184.215.14']);
    expect(error).toBeNull();
    expect(addresses.map((entry) => entry.address)).toEqual(['2002:808:808::1', '93.184.215.14']);
  });

  it('keeps an answer whose carried address is in WEBHOOK_ALLOWED_NETWORKS', async () => {
    const { error, addresses } = await lookUp(['2002:a00:1::1'], parseAllowedNetworks('10.0.0.0/8'));
    expect(error).toBeNull();
    expect(addresses.map((entry) => entry.address)).toEqual(['2002:a00:1::1']);
  });
});
