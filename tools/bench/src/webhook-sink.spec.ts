import http from 'node:http';
import path from 'node:path';
import { startSink, type SinkHandle } from './sink-handle.js';
import { workspaceRoot } from './runtime.js';
import { nowMs } from './webhook-sink.js';

const childEntry = { execArgv: ['--import', 'tsx'], file: path.join(workspaceRoot, 'tools/bench/src/webhook-sink-process.ts') };

async function post(sink: SinkHandle, deliveryId: string | null, body: string) {
  const headers: Record<string, string> = { 'content-type': 'application/json', 'webhook-id': 'w1' };
  if (deliveryId) headers['x-tessera-delivery'] = deliveryId;
  return fetch(`${sink.url}/hook/1`, { method: 'POST', headers, body });
}

describe.each([['inline' as const], ['child' as const]])('the webhook sink (%s)', (mode) => {
  let sink: SinkHandle;
  beforeAll(async () => {
    sink = await startSink(mode, childEntry);
  }, 30_000);
  afterAll(() => sink?.close());

  it('answers 204 and records each delivery id once, with its arrival time, counting repeats', async () => {
    await sink.reset();
    const before = nowMs();
    expect((await post(sink, 'a', '{"jwt":"x"}')).status).toBe(204);
    expect((await post(sink, 'b', '{}')).status).toBe(204);
    expect((await post(sink, 'a', '{}')).status).toBe(204);
    const stats = await sink.stats();
    expect(stats.received).toBe(3);
    expect(stats.repeats).toBe(1);
    expect(stats.arrivals.map(([id]) => id)).toEqual(['a', 'b']);
    for (const [, at] of stats.arrivals) expect(at).toBeGreaterThanOrEqual(before);
    expect(stats.arrivals[0]![1]).toBeLessThanOrEqual(nowMs());
  });

  it('keeps the first message to replay, without the headers of its connection', async () => {
    await sink.reset();
    await post(sink, 'c', '{"jwt":"first"}');
    await post(sink, 'd', '{"jwt":"second"}');
    const { sample } = await sink.stats({ arrivals: false });
    expect(sample).toEqual({ body: '{"jwt":"first"}', headers: expect.objectContaining({ 'content-type': 'application/json', 'webhook-id': 'w1', 'x-tessera-delivery': 'c' }) });
    expect(Object.keys(sample!.headers)).not.toEqual(expect.arrayContaining(['host']));
    expect(sample!.headers['content-length']).toBeUndefined();
  });

  it('forgets everything on reset, and counts a POST without a delivery id without recording it', async () => {
    await post(sink, 'e', '{}');
    await sink.reset();
    await post(sink, null, '{}');
    const stats = await sink.stats();
    expect(stats).toMatchObject({ received: 1, repeats: 0, arrivals: [] });
  });

  it('answers 500 under /fail and counts those POSTs apart from the deliveries', async () => {
    await sink.reset();
    const answer = await fetch(`${sink.url}/fail/3`, { method: 'POST', headers: { 'x-tessera-delivery': 'h' }, body: '{}' });
    expect(answer.status).toBe(500);
    expect(await sink.stats()).toMatchObject({ received: 0, failed: 1, arrivals: [], sample: null });
  });

  it('counts the connections it accepted, so a client without keep-alive shows', async () => {
    await sink.reset();
    const agent = new http.Agent({ keepAlive: false });
    for (const id of ['f', 'g']) {
      await new Promise<void>((resolve, reject) => {
        const req = http.request(`${sink.url}/hook/1`, { method: 'POST', agent, headers: { 'x-tessera-delivery': id } }, (res) => res.resume().on('end', resolve));
        req.on('error', reject).end('{}');
      });
    }
    expect((await sink.stats({ arrivals: false })).connections).toBe(2);
  });
});
