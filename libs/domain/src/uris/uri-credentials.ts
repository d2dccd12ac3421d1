/**
 * No user name or password in a URI the service stores (a webhook's `uri`, an
 * OAuth application's redirect URIs): such URIs are shown to every
 * administrator and written to the audit log, so credentials do not belong
 * there, and an error message must not repeat them either.
 */
export const URI_CREDENTIALS_MESSAGE = 'must not contain a user name or password';

export function carriesCredentials(url: URL): boolean {
  return url.username !== '' || url.password !== '';
}

/** The URI as it may be shown back: without its user name and password. */
export function withoutCredentials(url: URL): string {
  const shown = new URL(url.href);
  shown.username = '';
  shown.password = '';
  return shown.href;
}
