// Jest loads globalSetup outside its ESM test runtime; tsx compiles the TypeScript here.
import { tsImport } from 'tsx/esm/api';

export default async function globalSetup() {
  const { setupTestPostgres } = await tsImport('./test-postgres.ts', import.meta.url);
  await setupTestPostgres();
}
