import { ensureDevCertificate } from './dev-certificate.js';
import { DEV_COOKIE_KEY_FILE, DEV_SEALING_KEY_FILE, ensureDevSecret } from './dev-secret.js';
import path from 'node:path';
import { appAddresses } from './app-addresses.js';
import { dataDir } from './paths.js';

/**
 * The demo's receivers run on this machine (a `nc -l` or a local server), so
 * `npm start` lets webhooks reach loopback; deployments refuse it unless they
 * say otherwise (docs/decisions/016-webhook-delivery.md).
 */
export const DEMO_WEBHOOK_ALLOWED_NETWORKS = '127.0.0.0/8,::1/128';

/** What `npm start` lets webhooks reach: WEBHOOK_ALLOWED_NETWORKS when set (even empty), else loopback. */
export const demoAllowedNetworks = () => process.env['WEBHOOK_ALLOWED_NETWORKS'] ?? DEMO_WEBHOOK_ALLOWED_NETWORKS;

/** What the launcher sets for every app (besides PORT); docs/running-apps.md shows each app's share. */
export const LAUNCHER_VARIABLES = ['DATABASE_URL', 'LOG_LEVEL', 'TLS_CERT_FILE', 'TLS_KEY_FILE', 'SECRET_SEALING_KEY', 'COOKIE_KEYS', 'WEBHOOK_ALLOWED_NETWORKS', 'MAILBOX_DIR', 'API_PUBLIC_URL'] as const;

/** Environment the launcher gives every app it starts. */
export async function appEnvironment(databaseUrl: string): Promise<Record<(typeof LAUNCHER_VARIABLES)[number], string>> {
  const tls = await ensureDevCertificate();
  return {
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: process.env['LOG_LEVEL'] ?? 'info',
    TLS_CERT_FILE: process.env['TLS_CERT_FILE'] ?? tls.certFile,
    TLS_KEY_FILE: process.env['TLS_KEY_FILE'] ?? tls.keyFile,
    // The api seals webhook policy keys with it and the worker opens them: both need the same one.
    SECRET_SEALING_KEY: process.env['SECRET_SEALING_KEY'] || (await ensureDevSecret(DEV_SEALING_KEY_FILE)),
    COOKIE_KEYS: process.env['COOKIE_KEYS'] || (await ensureDevSecret(DEV_COOKIE_KEY_FILE)),
    WEBHOOK_ALLOWED_NETWORKS: demoAllowedNetworks(),
    MAILBOX_DIR: process.env['MAILBOX_DIR'] ?? path.join(dataDir, 'mailbox'),
    // Webhook messages name their account by the api's address (the worker has none of its own).
    API_PUBLIC_URL: process.env['API_PUBLIC_URL'] ?? process.env['PUBLIC_URL'] ?? appAddresses().find((a) => a.app === 'api')!.publicUrl.replace(/\/v1$/, ''),
  };
}
