import request from 'supertest';
import { pino } from 'pino';
import { createHttpApp, finishHttpApp } from './create-http-app.js';

/** A logger whose JSON lines the test can read. */
function capturingLogger() {
  const lines: Record<string, unknown>[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  return { logger, lines };
}

describe('REST — a failure no client may see (ARCHITECTURE.md: unknown errors → 500 with a logged error id)', () => {
  const nodeEnv = process.env['NODE_ENV'];
  afterEach(() => {
    process.env['NODE_ENV'] = nodeEnv;
  });

  it.each([['test'], ['development'], ['production']])(
    'answers {"message":"Internal Server Error","error_id"} and nothing else with NODE_ENV=%s, and logs the error under that id',
    async (env) => {
      process.env['NODE_ENV'] = env;
      const { logger, lines } = capturingLogger();
      const app = createHttpApp({ service: 'test-service', logger });
      app.get('/boom', () => {
        throw new Error('relation "secret_table" does not exist');
      });
      finishHttpApp(app, logger);

      const res = await request(app).get('/boom').expect(500);

      expect(Object.keys(res.body).sort()).toEqual(['error_id', 'message']);
      expect(res.body.message).toBe('Internal Server Error');
      expect(res.text).not.toMatch(/secret_table|stack|\.ts:\d+|node_modules/);
      const logged = lines.find((line) => line['errorId'] === res.body.error_id);
      expect(logged).toMatchObject({ msg: 'unhandled error', requestId: res.headers['x-request-id'], err: { message: 'relation "secret_table" does not exist' } });
      expect(JSON.stringify(logged)).toContain('unhandled-error.spec.ts');
    },
  );
});
