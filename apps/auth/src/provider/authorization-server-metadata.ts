/**
 * The server is plain OAuth 2.0 (decision 019): it issues no ID tokens and has
 * no userinfo, so its metadata is RFC 8414's and promises nothing of OpenID
 * Connect. oidc-provider builds only an OpenID discovery document; this keeps
 * the RFC 8414 members of it (and RFC 9207's `iss` flag) and drops the OpenID
 * scopes, which the authorization endpoint refuses anyway.
 */
const RFC_8414_MEMBERS: ReadonlySet<string> = new Set([
  'issuer',
  'authorization_endpoint',
  'token_endpoint',
  'jwks_uri',
  'registration_endpoint',
  'scopes_supported',
  'response_types_supported',
  'response_modes_supported',
  'grant_types_supported',
  'token_endpoint_auth_methods_supported',
  'token_endpoint_auth_signing_alg_values_supported',
  'service_documentation',
  'ui_locales_supported',
  'op_policy_uri',
  'op_tos_uri',
  'revocation_endpoint',
  'revocation_endpoint_auth_methods_supported',
  'revocation_endpoint_auth_signing_alg_values_supported',
  'introspection_endpoint',
  'introspection_endpoint_auth_methods_supported',
  'introspection_endpoint_auth_signing_alg_values_supported',
  'code_challenge_methods_supported',
  'authorization_response_iss_parameter_supported',
]);

const OPENID_SCOPES: ReadonlySet<string> = new Set(['openid', 'offline_access']);

export function authorizationServerMetadata(discovery: Record<string, unknown>): Record<string, unknown> {
  const metadata = Object.fromEntries(Object.entries(discovery).filter(([member]) => RFC_8414_MEMBERS.has(member)));
  if (Array.isArray(metadata['scopes_supported'])) {
    metadata['scopes_supported'] = metadata['scopes_supported'].filter((scope) => !OPENID_SCOPES.has(String(scope)));
  }
  return metadata;
}
