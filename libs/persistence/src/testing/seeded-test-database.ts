import { seedDemoData, type DemoSeedResult } from '../seed/demo-seed.js';
import { createTestDatabase, type TestDatabase } from './test-postgres.js';

export interface SeededTestDatabase {
  test: TestDatabase;
  demo: DemoSeedResult;
}

/**
 * A database of its own with the demo seed, for the tests of the describe block that calls this:
 * made in a beforeAll hook registered here, so before the block's own hooks, and dropped after its
 * tests. The fields are filled by then: read them in tests and hooks, not when the block is declared.
 */
export function seededTestDatabase(): SeededTestDatabase {
  const seeded = {} as SeededTestDatabase;
  beforeAll(async () => {
    seeded.test = await createTestDatabase();
    seeded.demo = await seedDemoData(seeded.test.db);
  }, 60_000);
  afterAll(() => seeded.test.drop());
  return seeded;
}
