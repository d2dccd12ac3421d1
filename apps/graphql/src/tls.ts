import { readFile } from 'node:fs/promises';
import { generate } from 'selfsigned';

/** The configured certificate, or a self-signed one for localhost made at boot. */
export async function loadTls(files: { certFile: string; keyFile: string } | null): Promise<{ cert: string; key: string; selfSigned: boolean }> {
  if (files) {
    const [cert, key] = await Promise.all([readFile(files.certFile, 'utf8'), readFile(files.keyFile, 'utf8')]);
    return { cert, key, selfSigned: false };
  }
  const pems = await generate([{ name: 'commonName', value: 'localhost' }], { keySize: 2048, algorithm: 'sha256' });
  return { cert: pems.cert, key: pems.private, selfSigned: true };
}
