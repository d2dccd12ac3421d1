import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const workspaceRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** DEMO_CREDENTIALS_FILE moves it, e.g. for a test run beside a developer's own. */
export const credentialsPath = process.env['DEMO_CREDENTIALS_FILE'] ?? path.join(workspaceRoot, '.data', 'demo-credentials.json');
