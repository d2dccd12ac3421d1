/**
 * The common frame of the delivery specs: a database with the demo seed and
 * the admin's access, an HTTP sink, and a fresh worker for each test with
 * every webhook disabled first (each test enables its own). The fields are
 * filled by the suite's hooks, which run before the spec's own.
 */
import type { AccessContext } from '@tessera/domain';
import { seedDemoData, type DemoSeedResult } from '@tessera/persistence';
import { createTestDatabase, type TestDatabase } from '@tessera/persistence/testing';
import { startHttpSink, type HttpSink } from './http-sink.js';
import { adminAccess } from './webhook-fixtures.js';
import { workerHarness, type WorkerHarness } from './worker-harness.js';

export interface DeliverySuite {
  test: TestDatabase;
  demo: DemoSeedResult;
  access: AccessContext;
  sink: HttpSink;
  worker: WorkerHarness;
}

/** `respond`: the sink's answer at the start of each test (else it keeps the last one set). */
export function deliverySuite(options: { respond?: Parameters<HttpSink['respond']>[0] } = {}): DeliverySuite {
  const suite = {} as DeliverySuite;
  beforeAll(async () => {
    suite.test = await createTestDatabase();
    suite.demo = await seedDemoData(suite.test.db);
    suite.access = await adminAccess(suite.test, suite.demo);
    suite.sink = await startHttpSink();
  });
  beforeEach(async () => {
    suite.worker = await workerHarness(suite.test);
    suite.sink.requests.length = 0;
    if (options.respond) suite.sink.respond(options.respond);
    await suite.test.db('webhooks').update({ disabled: true });
  });
  afterEach(() => suite.worker.cleanup());
  afterAll(async () => {
    await suite.sink?.close();
    await suite.test?.drop();
  });
  return suite;
}
