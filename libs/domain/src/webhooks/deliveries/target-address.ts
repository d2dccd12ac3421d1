/**
 * Which addresses a webhook may be delivered to (issue 9 item 7: refuse
 * private targets). A webhook's uri is typed by an administrator of a tenant;
 * without this check it would let them make the worker POST into the
 * service's own network (the database host, a cloud metadata endpoint).
 * The worker checks the address it actually connects to, after DNS
 * resolution, and literal-IP URIs before connecting (decision 016).
 *
 * `WEBHOOK_ALLOWED_NETWORKS` (CIDRs) lets an operator allow chosen networks
 * (`npm start` allows loopback for the demo); an allowed network wins over
 * every refused range below.
 */
import ipaddr from 'ipaddr.js';
import { embeddedIpv4, withHexTail } from './embedded-ipv4.js';

type Parsed = ipaddr.IPv4 | ipaddr.IPv6;

/** A parsed list of CIDRs. */
export interface AllowedNetworks {
  readonly cidrs: readonly string[];
  readonly ranges: ReadonlyArray<[Parsed, number]>;
}

export const NO_ALLOWED_NETWORKS: AllowedNetworks = { cidrs: [], ranges: [] };

const REFUSED_V4: ReadonlyArray<[string, string]> = [
  ['169.254.169.254/32', 'the cloud metadata address'],
  ['0.0.0.0/8', 'an unspecified ("this network") address'],
  ['127.0.0.0/8', 'a loopback address'],
  ['10.0.0.0/8', 'a private address'],
  ['172.16.0.0/12', 'a private address'],
  ['192.168.0.0/16', 'a private address'],
  ['169.254.0.0/16', 'a link-local address'],
  ['100.64.0.0/10', 'a carrier-grade NAT (shared) address'],
  ['192.0.0.0/24', 'an IETF protocol assignment address'],
  ['198.18.0.0/15', 'a benchmarking address'],
  ['224.0.0.0/4', 'a multicast address'],
  ['240.0.0.0/4', 'a reserved address'],
];

const REFUSED_V6: ReadonlyArray<[string, string]> = [
  ['::/128', 'an unspecified address'],
  ['::1/128', 'a loopback address'],
  ['fc00::/7', 'a private (unique local) address'],
  ['fec0::/10', 'a private (site-local) address'],
  ['fe80::/10', 'a link-local address'],
  ['ff00::/8', 'a multicast address'],
];

const parseRanges = (list: ReadonlyArray<[string, string]>) => list.map(([cidr, reason]) => ({ range: ipaddr.parseCIDR(cidr), reason }));
const V4 = parseRanges(REFUSED_V4);
const V6 = parseRanges(REFUSED_V6);
/** Parses `127.0.0.0/8, ::1/128`; a bare address is its own /32 or /128. Throws naming the bad entry. */
export function parseAllowedNetworks(text: string | undefined): AllowedNetworks {
  const cidrs = (text ?? '').split(',').map((part) => part.trim()).filter((part) => part !== '');
  const ranges = cidrs.map((cidr): [Parsed, number] => {
    if (cidr.includes('/')) {
      try {
        return ipaddr.parseCIDR(cidr);
      } catch {
        throw new Error(`"${cidr}" is not a CIDR (e.g. 127.0.0.0/8 or ::1/128)`);
      }
    }
    if (!ipaddr.isValid(cidr)) throw new Error(`"${cidr}" is not an IP address or CIDR`);
    const address = ipaddr.parse(cidr);
    return [address, address.kind() === 'ipv4' ? 32 : 128];
  });
  return { cidrs, ranges };
}

/** A URL host that is an IP literal (`10.0.0.1`, `[::1]`): no DNS lookup happens for it, so it is checked as it is. */
export function isIpLiteral(host: string): boolean {
  const text = unbracket(host);
  return ipaddr.IPv4.isValidFourPartDecimal(text) || ipaddr.IPv6.isValid(withHexTail(text));
}

/**
 * Null when the worker may connect to `address`; otherwise why not, e.g.
 * `10.0.0.5 is a private address`. Anything that does not parse is refused.
 */
export function refusedAddress(address: string, allowed: AllowedNetworks = NO_ALLOWED_NETWORKS): string | null {
  const text = unbracket(address);
  const readable = withHexTail(text);
  if (!ipaddr.isValid(readable)) return `${address} is not an IP address`;
  const parsed = ipaddr.parse(readable);
  if (isAllowed(parsed, allowed)) return null;
  const own = rangeReason(parsed);
  if (own) return `${text} is ${own}`;
  // The IPv6 forms that carry an IPv4 address (embedded-ipv4.ts) are judged by what they carry too.
  const embedded = parsed.kind() === 'ipv6' ? embeddedIpv4(parsed as ipaddr.IPv6) : null;
  if (embedded?.kind === 'teredo') return `${text} is a Teredo tunnel address (of ${embedded.client.toString()})`;
  for (const v4 of embedded?.addresses ?? []) {
    const reason = isAllowed(v4, allowed) ? null : rangeReason(v4);
    if (reason) return `${text} (${v4.toString()}) is ${reason}`;
  }
  return null;
}

function rangeReason(address: Parsed): string | null {
  return (address.kind() === 'ipv4' ? V4 : V6).find(({ range }) => inRange(address, range))?.reason ?? null;
}

function isAllowed(address: Parsed, allowed: AllowedNetworks): boolean {
  return allowed.ranges.some((range) => inRange(address, range));
}

function inRange(address: Parsed, range: [Parsed, number]): boolean {
  if (address.kind() !== range[0].kind()) return false;
  // Same kind on both sides: the casts only pick one of ipaddr's two overloads.
  return (address as ipaddr.IPv4).match(range as [ipaddr.IPv4, number]);
}

function unbracket(host: string): string {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}
