/** Roles a person holds per account. Administrators may use the Webhooks API (SPEC.md). */
export const ROLES = ['administrator', 'agent', 'specialist', 'auditor'] as const;
export type Role = (typeof ROLES)[number];

export function isAdministrator(roles: readonly Role[]): boolean {
  return roles.includes('administrator');
}
