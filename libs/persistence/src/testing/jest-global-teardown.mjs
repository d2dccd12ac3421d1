import { tsImport } from 'tsx/esm/api';

export default async function globalTeardown() {
  const { teardownTestPostgres } = await tsImport('./test-postgres.ts', import.meta.url);
  await teardownTestPostgres();
}
