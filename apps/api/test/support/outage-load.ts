/**
 * Clients that keep calling the api over keep-alive connections while a
 * proof does something to it, and what each call was answered: for the
 * outage-under-load proof, whose figures come from these records.
 */
import { Agent, request } from 'node:http';

export interface Answer {
  kind: 'write' | 'read';
  /** The unique subject of a write; the path of a read. */
  key: string;
  status: number;
  retryAfter: string | undefined;
  body: string;
  /** When it was answered (Date.now()). */
  at: number;
}

export interface Failure {
  kind: 'write' | 'read';
  key: string;
  code: string;
  at: number;
}

export interface Load {
  answers: Answer[];
  failures: Failure[];
  /** Stops every client after its current call and resolves when all have. */
  stop(): Promise<void>;
}

interface Target {
  port: number;
  headers: Record<string, string>;
}

function call(target: Target, agent: Agent, method: string, path: string): Promise<Omit<Answer, 'kind' | 'key' | 'at'>> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: target.port, path, method, agent, headers: target.headers, timeout: 30_000 }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, retryAfter: res.headers['retry-after'], body }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(Object.assign(new Error('no answer within 30 s'), { code: 'TIMEOUT' })));
    req.on('error', reject);
    req.end();
  });
}

const READS = ['/v1/me', '/v1/requests?per_page=5', '/v1/requests?per_page=5&sort=-id'];

/** `writers` clients POST /v1/events with unique subjects (source `source`); `readers` clients GET a few collections. */
export function startLoad(target: Target, { writers, readers, source }: { writers: number; readers: number; source: string }): Load {
  const agent = new Agent({ keepAlive: true, maxSockets: writers + readers });
  const answers: Answer[] = [];
  const failures: Failure[] = [];
  let running = true;
  let next = 0;
  const client = async (kind: 'write' | 'read', index: number) => {
    let turn = 0;
    while (running) {
      const key = kind === 'write' ? `${source}-${next++}` : READS[(index + turn++) % READS.length]!;
      const path = kind === 'write' ? `/v1/events?subject=${key}&source=${source}` : key;
      try {
        const answer = await call(target, agent, kind === 'write' ? 'POST' : 'GET', path);
        answers.push({ kind, key, ...answer, at: Date.now() });
        // While it answers 503, follow its Retry-After a little: a client that hammers gains nothing.
        if (answer.status === 503) await new Promise((resolve) => setTimeout(resolve, 50));
      } catch (error) {
        failures.push({ kind, key, code: (error as NodeJS.ErrnoException).code ?? String(error), at: Date.now() });
      }
    }
  };
  const clients = [
    ...Array.from({ length: writers }, (_, i) => client('write', i)),
    ...Array.from({ length: readers }, (_, i) => client('read', i)),
  ];
  return {
    answers,
    failures,
    async stop() {
      running = false;
      await Promise.all(clients);
      agent.destroy();
    },
  };
}
