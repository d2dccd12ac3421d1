/**
 * SPEC.md "Webhook" `uri`: "publicly accessible URI that the service POSTs
 * to". What can be told from the text alone:
 * - an absolute `http` or `https` URI with a host, at most 2048 characters;
 * - no spaces or control characters (a URL parser would quietly drop or
 *   encode them, so the stored text would not be what is called);
 * - no user name or password in it: the URI is shown to every administrator
 *   and in the audit log, so credentials do not belong there (a webhook
 *   policy signs the messages instead; uri-credentials.ts, the rule OAuth
 *   redirect URIs follow too).
 * Whether the host is public is decided at delivery, after DNS resolution
 * (the worker's private-target guard), not here: a name can point anywhere.
 */
import { carriesCredentials, URI_CREDENTIALS_MESSAGE } from '../uris/uri-credentials.js';

export const WEBHOOK_URI_MAX_LENGTH = 2048;

/** Why a webhook uri is not acceptable, or null when it is. */
export function webhookUriError(uri: string): string | null {
  if (uri.trim() === '') return "Uri can't be blank";
  if (uri.length > WEBHOOK_URI_MAX_LENGTH) return `Uri is too long (maximum is ${WEBHOOK_URI_MAX_LENGTH} characters)`;
  // eslint-disable-next-line no-control-regex
  if (/[\s\u0000-\u001f\u007f]/.test(uri)) return 'Uri must not contain spaces or control characters';
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return 'Uri is not an absolute URI';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'Uri must be an http or https URI';
  if (url.hostname === '') return 'Uri must name a host';
  if (carriesCredentials(url)) return `Uri ${URI_CREDENTIALS_MESSAGE}`;
  return null;
}
