import { ensureDevCertificate } from './dev-certificate.js';

/** Environment the launcher gives every app it starts. */
export async function appEnvironment(databaseUrl: string): Promise<Record<string, string>> {
  const tls = await ensureDevCertificate();
  return {
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: process.env['LOG_LEVEL'] ?? 'info',
    TLS_CERT_FILE: process.env['TLS_CERT_FILE'] ?? tls.certFile,
    TLS_KEY_FILE: process.env['TLS_KEY_FILE'] ?? tls.keyFile,
  };
}
