/**
 * One delivery attempt over HTTP with undici (REFERENCE.md "Webhooks",
 * decision 024): success is a 2xx within 10 s; redirects are not followed (a
 * 3xx is a failure, and following one could lead past the address check);
 * no retries of its own (the dispatcher schedules them, logged, with the same
 * delivery id). Only the first 1 KB of an answer is kept; the rest is read
 * and dropped (up to a bound) so the keep-alive connection can carry the next
 * delivery to that origin.
 */
import { STATUS_CODES } from 'node:http';
import { performance } from 'node:perf_hooks';
import { DELIVERY_TIMEOUT_MS, isIpLiteral, refusedAddress, type AllowedNetworks, type SendResult, type WebhookRequest, type WebhookSender } from '@tessera/domain';
import { guardedLookup } from './guarded-lookup.js';
import { originPools, type OriginPools } from './origin-pools.js';
import type { Dispatcher } from 'undici';

export const EXCERPT_BYTES = 1024;
/** Webhook URIs whose parse and IP-literal check are kept (the set is cleared beyond it). */
const TARGETS_KEPT = 1024;
/** Beyond this much of an answer the connection is dropped rather than drained. */
const DRAIN_LIMIT_BYTES = 64 * 1024;

export interface HttpSenderOptions {
  allowedNetworks: AllowedNetworks;
  timeoutMs?: number;
  /** Origins whose keep-alive pool is kept (the least recently used is closed beyond it). */
  maxOrigins?: number;
}

export interface HttpSender extends WebhookSender {
  /** Closes every pooled connection. */
  close(): Promise<void>;
}

interface Answer {
  statusCode: number;
  excerpt: string;
  retryAfter: string | null;
}

class DeliveryTimeout extends Error {}

export function httpSender({ allowedNetworks, timeoutMs = DELIVERY_TIMEOUT_MS, maxOrigins }: HttpSenderOptions): HttpSender {
  const pending = deadlines(timeoutMs);
  const pools = originPools({ lookup: guardedLookup(allowedNetworks), connectTimeoutMs: timeoutMs, ...(maxOrigins ? { maxOrigins } : {}) });
  // What parseTarget says depends on the URI and the allowed networks alone; names are still checked at each connect (guardedLookup).
  const targets = new Map<string, Target>();
  const targetOf = (uri: string): Target => {
    let target = targets.get(uri);
    if (target === undefined) {
      if (targets.size >= TARGETS_KEPT) targets.clear();
      target = parseTarget(uri, allowedNetworks);
      targets.set(uri, target);
    }
    return target;
  };
  const send = async (request: WebhookRequest): Promise<SendResult> => {
    const startedAt = new Date();
    const began = performance.now();
    const result = (fields: Pick<SendResult, 'statusCode' | 'error' | 'responseExcerpt'> & { retryAfter?: string | null }): SendResult => ({
      startedAt, durationMs: Math.round(performance.now() - began), ...fields,
    });
    const target = targetOf(request.url);
    if ('refused' in target) return result({ statusCode: null, error: target.refused, responseExcerpt: null });
    try {
      const answer = await post(pools, target, request, pending);
      return result({ statusCode: answer.statusCode, error: statusError(answer.statusCode), responseExcerpt: answer.excerpt || null, retryAfter: answer.retryAfter });
    } catch (error) {
      return result({ statusCode: null, error: describe(error, timeoutMs), responseExcerpt: null });
    }
  };
  return Object.assign(send, { close: () => pools.close() });
}

type Target = { origin: string; path: string } | { refused: string };

/** What can be refused before connecting: a URI that is not http(s), and IP literals (no lookup happens for them). */
function parseTarget(uri: string, allowed: AllowedNetworks): Target {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return { refused: `refused: ${JSON.stringify(uri.slice(0, 100))} is not an absolute URI` };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { refused: `refused: ${url.protocol} is not http or https` };
  const reason = isIpLiteral(url.hostname) ? refusedAddress(url.hostname, allowed) : null;
  return reason ? { refused: `refused: ${reason}` } : { origin: url.origin, path: `${url.pathname}${url.search}` };
}

/**
 * One POST through the pool's dispatch interface: the answer's status, its Retry-After and the
 * first bytes of its body are taken as they arrive, with no response stream, AbortSignal or timer
 * of its own (the per-send objects the CPU profile of the throughput run showed). The deadline
 * over the whole exchange is kept by `deadlines`.
 */
function post(pools: OriginPools, target: { origin: string; path: string }, request: WebhookRequest, deadlines: Deadlines): Promise<Answer> {
  return new Promise<Answer>((resolve, reject) => {
    let abort: ((reason: Error) => void) | null = null;
    let statusCode = 0;
    let retryAfter: string | null = null;
    let chunks: Buffer[] | null = null;
    let kept = 0;
    let size = 0;
    let settled = false;
    const answer = () => ({ statusCode, excerpt: excerptOf(chunks, kept), retryAfter });
    const settle = (error: Error | null) => {
      if (settled) return;
      settled = true;
      deadline.done = true;
      // The status came: the rest of the body is not ours to wait for (a body cut short, a body too long, the deadline).
      if (statusCode !== 0) resolve(answer());
      else reject(error ?? new Error('no answer'));
    };
    const deadline = deadlines.add(() => {
      const timeout = new DeliveryTimeout();
      settle(timeout);
      abort?.(timeout);
    });
    pools.get(target.origin).dispatch(
      { origin: target.origin, method: 'POST', path: target.path, headers: request.headers, body: request.body, headersTimeout: 0, bodyTimeout: 0 },
      {
        onConnect(abortRequest: (reason: Error) => void) {
          abort = abortRequest;
          if (settled) abortRequest(new DeliveryTimeout());
        },
        onHeaders(status: number, rawHeaders: Buffer[]) {
          // 1xx answers are not the answer.
          if (status < 200) return true;
          statusCode = status;
          for (let i = 0; i < rawHeaders.length; i += 2) {
            const name = rawHeaders[i]!;
            if (name.length === 11 && name.toString('latin1').toLowerCase() === 'retry-after') {
              retryAfter = rawHeaders[i + 1]!.toString('latin1');
              break;
            }
          }
          return true;
        },
        onData(chunk: Buffer) {
          if (kept < EXCERPT_BYTES) {
            (chunks ??= []).push(chunk);
            kept += chunk.length;
          }
          size += chunk.length;
          if (size > DRAIN_LIMIT_BYTES && !settled) {
            settle(null);
            abort?.(new Error('answer too long to drain'));
          }
          return true;
        },
        onComplete() {
          settle(null);
        },
        onError(error: Error) {
          settle(error);
        },
      } as unknown as Dispatcher.DispatchHandler,
    );
  });
}

/** PostgreSQL text cannot hold NUL; a binary answer is still shown, without them. */
function excerptOf(chunks: Buffer[] | null, kept: number): string {
  if (chunks === null) return '';
  const bytes = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, kept);
  const text = bytes.toString('utf8', 0, Math.min(EXCERPT_BYTES, bytes.length));
  return text.includes('\u0000') ? text.replaceAll('\u0000', '') : text;
}

interface Deadline {
  at: number;
  expire: () => void;
  done: boolean;
}

interface Deadlines {
  add(expire: () => void): Deadline;
}

/**
 * The deadlines of every send of one sender, all of the same length: they expire in the order they
 * were set, so one timer, set for the oldest, serves all of them.
 */
function deadlines(timeoutMs: number): Deadlines {
  const queue: Deadline[] = [];
  let head = 0;
  let timer: NodeJS.Timeout | undefined;
  const sweep = () => {
    timer = undefined;
    const now = performance.now();
    while (head < queue.length) {
      const next = queue[head]!;
      if (!next.done && next.at > now) break;
      head++;
      if (!next.done) {
        next.done = true;
        next.expire();
      }
    }
    if (head > 1024 && head * 2 > queue.length) {
      queue.splice(0, head);
      head = 0;
    }
    arm(now);
  };
  const arm = (now: number) => {
    while (head < queue.length && queue[head]!.done) head++;
    if (head === queue.length) {
      queue.length = 0;
      head = 0;
      return;
    }
    timer ??= setTimeout(sweep, Math.max(1, queue[head]!.at - now)).unref();
  };
  return {
    add(expire) {
      const now = performance.now();
      const deadline = { at: now + timeoutMs, expire, done: false };
      queue.push(deadline);
      arm(now);
      return deadline;
    },
  };
}

function statusError(statusCode: number): string | null {
  if (statusCode >= 200 && statusCode < 300) return null;
  const text = `${statusCode} ${STATUS_CODES[statusCode] ?? ''}`.trim();
  return statusCode >= 300 && statusCode < 400 ? `${text} (redirects are not followed)` : text;
}

function describe(error: unknown, timeoutMs: number): string {
  if (error instanceof DeliveryTimeout || (error instanceof Error && /timeout/i.test(error.name + ((error as { code?: string }).code ?? '')))) {
    return `timed out after ${timeoutMs / 1000} s`;
  }
  // undici wraps a failed connect in a TypeError('fetch failed')-like error for some paths; the cause says what happened.
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : undefined;
  const message = (cause ?? error) instanceof Error ? ((cause ?? error) as Error).message : String(error);
  return message;
}
