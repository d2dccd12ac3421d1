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
      const answer = await post(pools, target, request, timeoutMs);
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

async function post(pools: OriginPools, target: { origin: string; path: string }, request: WebhookRequest, timeoutMs: number): Promise<Answer> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(new DeliveryTimeout()), timeoutMs);
  try {
    const response = await pools.get(target.origin).request({
      method: 'POST',
      path: target.path,
      headers: request.headers,
      body: request.body,
      signal: abort.signal,
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
    });
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of response.body as AsyncIterable<Buffer>) {
        if (size < EXCERPT_BYTES) chunks.push(chunk);
        size += chunk.length;
        if (size > DRAIN_LIMIT_BYTES) break;
      }
    } catch {
      // The status came in time; the rest of the body is not ours to wait for.
    }
    // PostgreSQL text cannot hold NUL; a binary answer is still shown, without them.
    const excerpt = Buffer.concat(chunks).subarray(0, EXCERPT_BYTES).toString('utf8').replaceAll('\u0000', '');
    const retryAfter = response.headers['retry-after'];
    return { statusCode: response.statusCode, excerpt, retryAfter: Array.isArray(retryAfter) ? (retryAfter[0] ?? null) : (retryAfter ?? null) };
  } finally {
    clearTimeout(timer);
  }
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
