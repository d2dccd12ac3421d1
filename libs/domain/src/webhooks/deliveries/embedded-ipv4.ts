/**
 * The IPv4 addresses an IPv6 address carries (issue 30 item 8). A packet to one of these reaches
 * the IPv4 address through a translator or a tunnel, so a target is judged by what it carries:
 * `2002:a00:1::1` (6to4) is 10.0.0.1 as far as the network behind it is concerned.
 *
 * - IPv4-mapped `::ffff:0:0/96`, IPv4-compatible `::/96` (not `::` and `::1`), IPv4-translated
 *   `::ffff:0:0:0/96` (RFC 2765), NAT64 well-known `64:ff9b::/96` (RFC 6052): the last 32 bits.
 * - 6to4 `2002::/16` (RFC 3056): bits 16 to 47.
 * - NAT64 local-use `64:ff9b:1::/48` (RFC 8215): the operator picks the prefix length (48, 56, 64
 *   or 96 inside it), which the address does not tell, and a translator may ignore the bits RFC 6052
 *   wants zero. So each layout is a reading and every reading counts; readings in 0.0.0.0/8 (the
 *   zero bytes of a longer prefix) are dropped unless every reading is one.
 * - ISATAP (RFC 5214): an interface identifier `0:5efe` or `200:5efe` (the u and g bits either way)
 *   then the IPv4 address, under any /64.
 * - Teredo `2001::/32` (RFC 4380): the client's address is the last 32 bits inverted. A tunnel
 *   relays to wherever its server says, so Teredo is refused whatever it carries.
 */
import ipaddr from 'ipaddr.js';

export type EmbeddedIpv4 =
  | { kind: 'embeds'; addresses: ipaddr.IPv4[] }
  | { kind: 'teredo'; client: ipaddr.IPv4 };

const range = (cidr: string) => ipaddr.parseCIDR(cidr) as [ipaddr.IPv6, number];
const LAST_32_BITS = [range('::ffff:0:0/96'), range('::ffff:0:0:0/96'), range('64:ff9b::/96'), range('::/96')];
const SIX_TO_FOUR = range('2002::/16');
const NAT64_LOCAL = range('64:ff9b:1::/48');
const TEREDO = range('2001::/32');
/** RFC 6052 §2.2: the bytes of the IPv4 address for prefix lengths 48, 56, 64 and 96; byte 8 (the "u" octet) is never one of them. */
const NAT64_LAYOUTS: ReadonlyArray<readonly number[]> = [[6, 7, 9, 10], [7, 9, 10, 11], [9, 10, 11, 12], [12, 13, 14, 15]];
const THIS_NETWORK = ipaddr.parseCIDR('0.0.0.0/8') as [ipaddr.IPv4, number];

export function embeddedIpv4(address: ipaddr.IPv6): EmbeddedIpv4 | null {
  const bytes = address.toByteArray();
  const v4 = (at: readonly number[]) => new ipaddr.IPv4(at.map((i) => bytes[i]!));
  if (address.match(TEREDO)) return { kind: 'teredo', client: new ipaddr.IPv4(bytes.slice(12).map((byte) => byte ^ 0xff)) };
  if (address.match(SIX_TO_FOUR)) return { kind: 'embeds', addresses: [v4([2, 3, 4, 5])] };
  if (address.match(NAT64_LOCAL)) {
    const readings = NAT64_LAYOUTS.map(v4);
    const routable = readings.filter((reading) => !reading.match(THIS_NETWORK));
    return { kind: 'embeds', addresses: routable.length > 0 ? routable : readings };
  }
  // ::/96 also holds :: and ::1, which are IPv6's own unspecified and loopback addresses.
  if (address.parts.slice(0, 7).every((part) => part === 0) && address.parts[7]! <= 1) return null;
  if (LAST_32_BITS.some((cidr) => address.match(cidr))) return { kind: 'embeds', addresses: [v4([12, 13, 14, 15])] };
  if ((address.parts[4]! & 0xfcff) === 0 && address.parts[5] === 0x5efe) return { kind: 'embeds', addresses: [v4([12, 13, 14, 15])] };
  return null;
}

/** `::10.0.0.1` as `::a00:1`: the parser reads a dotted tail only after `ffff:`, and a URL or a resolver may write it anywhere. */
export function withHexTail(text: string): string {
  const tail = /^(.*:)(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (!tail || tail.slice(2).some((octet) => Number(octet) > 255)) return text;
  const [a, b, c, d] = tail.slice(2).map(Number) as [number, number, number, number];
  return `${tail[1]}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
}
