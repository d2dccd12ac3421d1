/**
 * The DNS lookup of every delivery (issue 9 item 7): got connects only to
 * addresses this lookup returns, so the address checked is the address
 * connected to — a name that resolves to a private address (or re-resolves to
 * one later) is refused, not just a URI that spells one out. Addresses that
 * are refused are dropped; when none is left the lookup fails and says why.
 */
import dns, { type LookupAddress, type LookupOptions } from 'node:dns';
import { refusedAddress, type AllowedNetworks } from '@tessera/domain';

export const REFUSED_CODE = 'ETESSERA_REFUSED_TARGET';

/** A target the worker will not connect to; the message is the attempt's error. */
export class RefusedTargetError extends Error {
  readonly code = REFUSED_CODE;
  constructor(reason: string) {
    super(`refused: ${reason}`);
    this.name = 'RefusedTargetError';
  }
}

type Callback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;
export type GuardedLookup = (hostname: string, options: LookupOptions | Callback, callback?: Callback) => void;

export function guardedLookup(allowed: AllowedNetworks, resolve: typeof dns.lookup = dns.lookup): GuardedLookup {
  return (hostname, optionsOrCallback, maybeCallback) => {
    const options = typeof optionsOrCallback === 'function' ? {} : optionsOrCallback;
    const callback = (typeof optionsOrCallback === 'function' ? optionsOrCallback : maybeCallback)!;
    resolve(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const list = addresses as LookupAddress[];
      const usable = list.filter((entry) => refusedAddress(entry.address, allowed) === null);
      if (usable.length === 0) {
        const reasons = list.map((entry) => refusedAddress(entry.address, allowed)).filter((reason) => reason !== null);
        return callback(new RefusedTargetError(`${hostname}: ${reasons.join("; ") || "no address"}`), []);
      }
      if (options.all) return callback(null, usable);
      return callback(null, usable[0]!.address, usable[0]!.family);
    });
  };
}
