/**
 * The User-Agent of every delivery (REFERENCE.md "Webhooks": a User-Agent
 * naming the service). The version is the workspace's; a spec keeps the two equal.
 */
export const TESSERA_VERSION = '0.1.0';

export const WEBHOOK_USER_AGENT = `Tessera-Webhooks/${TESSERA_VERSION}`;
