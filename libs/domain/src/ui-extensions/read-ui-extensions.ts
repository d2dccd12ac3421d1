/**
 * Reads of UI extensions: a page of the account's extensions, one extension,
 * and the audit lines of one of its versions (the version's
 * `view_audit_path`). Any role with `ui_extension:Read`; another account's
 * extension or version is not found.
 */
import type { CollectionQuery, Page } from '../collections/collection-query.js';
import { notFound } from '../errors/domain-error.js';
import type { AccessContext } from '../identity/access-context.js';
import type { VersionAuditLine } from './ui-extension.repository.js';
import type { Repositories } from '../ports/unit-of-work.js';
import { assertUiExtensionReader } from './ui-extension-access.js';
import type { UiExtensionRecord } from './ui-extension-record.js';

type Reads = Pick<Repositories, 'uiExtensions'>;

export function listUiExtensions(access: AccessContext, query: CollectionQuery, repos: Reads): Promise<Page<UiExtensionRecord>> {
  assertUiExtensionReader(access);
  return repos.uiExtensions.list(access.account.id, query);
}

export async function getUiExtension(access: AccessContext, id: number, repos: Reads): Promise<UiExtensionRecord> {
  assertUiExtensionReader(access);
  const extension = await repos.uiExtensions.find(access.account.id, id);
  if (!extension) throw notFound();
  return extension;
}

export async function listUiExtensionVersionAudit(access: AccessContext, extensionId: number, versionId: number, repos: Reads): Promise<VersionAuditLine[]> {
  assertUiExtensionReader(access);
  const version = await repos.uiExtensions.findVersion(access.account.id, extensionId, versionId);
  if (!version) throw notFound();
  return repos.uiExtensions.versionAuditLines(access.account.id, versionId);
}

/** `view_audit_path` of a version (uix-contract.md): the route that lists its audit lines. */
export const versionAuditPath = (extensionId: number, versionId: number) => `/v1/ui_extensions/${extensionId}/versions/${versionId}/audit`;
