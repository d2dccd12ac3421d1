/**
 * Where an OAuth application may send the person back to (RFC 6749 §3.1.2,
 * RFC 8252 §7.3 for loopback):
 * - an absolute `http` or `https` URI, without a fragment;
 * - `https`, except on the loopback host (`localhost`, `127.0.0.1`, `[::1]`),
 *   where a native or development client listens over plain http;
 * - no user name or password, as for a webhook uri (uri-credentials.ts); no
 *   message repeats them.
 */
import { carriesCredentials, URI_CREDENTIALS_MESSAGE, withoutCredentials } from '../uris/uri-credentials.js';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

export const REDIRECT_URI_MAX_LENGTH = 2000;

/** Why a redirect URI is not acceptable, or null when it is. */
export function redirectUriError(uri: string): string | null {
  const url = parsed(uri);
  const shown = `'${(url && carriesCredentials(url) ? withoutCredentials(url) : uri).slice(0, 80)}'`;
  if (uri.length > REDIRECT_URI_MAX_LENGTH) return `${shown} is too long (maximum is ${REDIRECT_URI_MAX_LENGTH} characters)`;
  if (!url) return `${shown} is not an absolute URI`;
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return `${shown} is not an http or https URI`;
  if (carriesCredentials(url)) return `${shown} ${URI_CREDENTIALS_MESSAGE}`;
  if (url.protocol === 'http:' && !LOOPBACK_HOSTS.has(url.hostname)) return `${shown} must use https (plain http only on localhost)`;
  if (uri.includes('#')) return `${shown} must not contain a fragment`;
  return null;
}

function parsed(uri: string): URL | undefined {
  try {
    return new URL(uri);
  } catch {
    return undefined;
  }
}
