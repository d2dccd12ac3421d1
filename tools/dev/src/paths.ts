import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const workspaceRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** TESSERA_DATA_DIR moves everything `npm start` keeps (database, certificate, secrets, mailbox), e.g. for a test run beside a developer's own. */
export const dataDir = path.resolve(process.env['TESSERA_DATA_DIR'] ?? path.join(workspaceRoot, '.data'));
/** DEMO_CREDENTIALS_FILE moves it, e.g. for a test run beside a developer's own. */
export const credentialsPath = process.env['DEMO_CREDENTIALS_FILE'] ?? path.join(dataDir, 'demo-credentials.json');
