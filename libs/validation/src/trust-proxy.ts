/**
 * TRUST_PROXY: whose `X-Forwarded-*` / `Forwarded` headers an app believes
 * (client address, scheme, host). Unset means nobody's: without a proxy in
 * front, those headers come from the client itself and would let it forge them.
 * Values: a hop count (`1` = the nearest peer is the proxy), or a comma list of
 * Express's names (`loopback`, `linklocal`, `uniquelocal`), addresses and CIDRs.
 * `true` (every peer) is refused: it is the forgeable case under another name.
 */
import { isIP } from 'node:net';
import { z } from 'zod';

export type TrustProxySetting = false | number | string[];

const NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrCidr(entry: string): boolean {
  if (NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

export const trustProxyField = z
  .string()
  .optional()
  .transform((value, ctx): TrustProxySetting => {
    const text = value?.trim() ?? '';
    if (text === '' || text === 'false') return false;
    if (/^\d{1,2}$/.test(text)) return Number(text) === 0 ? false : Number(text);
    if (text === 'true') {
      ctx.addIssue({ code: 'custom', message: 'true would trust every peer; name the proxies (addresses, CIDRs, loopback) or a hop count' });
      return z.NEVER;
    }
    const entries = text.split(',').map((entry) => entry.trim());
    const bad = entries.filter((entry) => !isAddressOrCidr(entry));
    if (bad.length > 0) {
      ctx.addIssue({ code: 'custom', message: `must be a hop count or a comma list of loopback, linklocal, uniquelocal, addresses and CIDRs; not ${bad.map((entry) => JSON.stringify(entry)).join(', ')}` });
      return z.NEVER;
    }
    return entries;
  });
