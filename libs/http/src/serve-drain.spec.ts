import { Agent, request } from 'node:http';
import { listen, type Listening } from './serve.js';

interface Reply {
  status: number;
  connection: string | undefined;
  body: string;
}

function send(port: number, agent: Agent, path: string, method = 'GET'): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, agent }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection, body }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

describe('listen() — shutting down cleanly (SIGTERM under load)', () => {
  it('says not ready at once while staying live, and keeps answering during the delay with Connection: close', async () => {
    const server = await listen((_req, res) => res.end('ok'), { port: 0, host: '127.0.0.1', delayMs: 300, graceMs: 5_000 });
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    expect((await send(server.port, agent, '/livez')).status).toBe(200);
    // Before the signal /readyz is the app's (createHttpApp runs its health checks there).
    expect(await send(server.port, agent, '/readyz')).toMatchObject({ status: 200, body: 'ok' });
    const closing = server.close();
    const ready = await send(server.port, agent, '/readyz');
    expect(ready).toMatchObject({ status: 503, connection: 'close' });
    expect(JSON.parse(ready.body)).toEqual({ status: 'draining' });
    expect(await send(server.port, agent, '/livez')).toMatchObject({ status: 200, connection: 'close' });
    expect(await send(server.port, agent, '/work')).toMatchObject({ status: 200, body: 'ok', connection: 'close' });
    const report = await closing;
    expect(report.cut).toBe(0);
    await expect(send(server.port, agent, '/work')).rejects.toThrow(/ECONNREFUSED/);
    agent.destroy();
  });

  it('answers every request it stored while 20 keep-alive clients keep sending, and cuts none', async () => {
    const stored = new Set<string>();
    // A write: stored after 30 ms of work, then answered.
    const server: Listening = await listen(
      (req, res) => {
        setTimeout(() => {
          stored.add(req.url!);
          res.end('stored');
        }, 30);
      },
      { port: 0, host: '127.0.0.1', graceMs: 5_000 },
    );
    const agent = new Agent({ keepAlive: true, maxSockets: 20 });
    const answered = new Set<string>();
    const failed = new Map<string, string>();
    const closeHeaders: string[] = [];
    let next = 0;
    let running = true;
    const client = async () => {
      while (running) {
        const id = `/write/${next++}`;
        try {
          const reply = await send(server.port, agent, id, 'POST');
          if (reply.status === 200) answered.add(id);
          if (reply.connection === 'close') closeHeaders.push(id);
        } catch (error) {
          failed.set(id, (error as NodeJS.ErrnoException).code ?? String(error));
          return;
        }
      }
    };
    const clients = Array.from({ length: 20 }, client);
    await sleep(300);
    const began = Date.now();
    const report = await server.close();
    running = false;
    await Promise.all(clients);
    agent.destroy();

    expect(report.cut).toBe(0);
    expect(Date.now() - began).toBeLessThan(2_000);
    expect(stored.size).toBeGreaterThanOrEqual(20);
    // Every stored write reached its client; what failed was never stored (refused, not reset).
    for (const id of stored) expect(answered.has(id)).toBe(true);
    for (const [id, code] of failed) {
      expect(stored.has(id)).toBe(false);
      expect(code).toMatch(/ECONNREFUSED|ECONNRESET/);
    }
    // Connections in use were told to close rather than cut.
    expect(closeHeaders.length).toBeGreaterThan(0);
  });

  it('cuts what is still running when the grace runs out, and reports it', async () => {
    const server = await listen(() => undefined, { port: 0, host: '127.0.0.1', graceMs: 300 });
    const agent = new Agent({ keepAlive: true });
    const hanging = send(server.port, agent, '/never').catch((error: NodeJS.ErrnoException) => error.code);
    await sleep(50);
    const began = Date.now();
    const report = await server.close();
    expect(report.cut).toBe(1);
    expect(Date.now() - began).toBeGreaterThanOrEqual(250);
    expect(Date.now() - began).toBeLessThan(1_500);
    expect(await hanging).toBe('ECONNRESET');
    agent.destroy();
  });
});
