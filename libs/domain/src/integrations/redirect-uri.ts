/**
 * Where an OAuth application may send the person back to (RFC 6749 §3.1.2,
 * RFC 8252 §7.3 for loopback):
 * - an absolute `http` or `https` URI, without a fragment;
 * - `https`, except on the loopback host (`localhost`, `127.0.0.1`, `[::1]`),
 *   where a native or development client listens over plain http.
 */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

export const REDIRECT_URI_MAX_LENGTH = 2000;

/** Why a redirect URI is not acceptable, or null when it is. */
export function redirectUriError(uri: string): string | null {
  const shown = `'${uri.slice(0, 80)}'`;
  if (uri.length > REDIRECT_URI_MAX_LENGTH) return `${shown} is too long (maximum is ${REDIRECT_URI_MAX_LENGTH} characters)`;
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return `${shown} is not an absolute URI`;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return `${shown} is not an http or https URI`;
  if (url.protocol === 'http:' && !LOOPBACK_HOSTS.has(url.hostname)) return `${shown} must use https (plain http only on localhost)`;
  if (uri.includes('#')) return `${shown} must not contain a fragment`;
  return null;
}
