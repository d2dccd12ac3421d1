/**
 * A self-signed certificate for https://localhost, made once into .data/tls so
 * that it stays the same across restarts (`curl --cacert .data/tls/localhost.crt`).
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { generate } from 'selfsigned';
import { dataDir } from './paths.js';

export async function ensureDevCertificate(): Promise<{ certFile: string; keyFile: string }> {
  const dir = path.join(dataDir, 'tls');
  const certFile = path.join(dir, 'localhost.crt');
  const keyFile = path.join(dir, 'localhost.key');
  try {
    await Promise.all([readFile(certFile), readFile(keyFile)]);
    return { certFile, keyFile };
  } catch {
    // Not made yet: make it below.
  }
  const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
    keySize: 2048,
    algorithm: 'sha256',
    days: 825,
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 2, value: 'localhost' }, { type: 7, ip: '127.0.0.1' }] }],
  } as Parameters<typeof generate>[1]);
  await mkdir(dir, { recursive: true });
  await writeFile(certFile, pems.cert);
  await writeFile(keyFile, pems.private, { mode: 0o600 });
  return { certFile, keyFile };
}
