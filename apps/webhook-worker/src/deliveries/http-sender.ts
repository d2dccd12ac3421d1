/**
 * One delivery attempt over HTTP with got (REFERENCE.md "Webhooks"): success
 * is a 2xx within 10 s; redirects are not followed (a 3xx is a failure, and
 * following one could lead past the address check); got's own retries are
 * off, because the delivery task schedules retries itself, logged, with the
 * same delivery id. Only the first 1 KB of a response is read.
 */
import { STATUS_CODES } from 'node:http';
import { performance } from 'node:perf_hooks';
import got, { TimeoutError } from 'got';
import { DELIVERY_TIMEOUT_MS, isIpLiteral, refusedAddress, type AllowedNetworks, type SendResult, type WebhookRequest, type WebhookSender } from '@tessera/domain';
import { guardedLookup } from './guarded-lookup.js';

export const EXCERPT_BYTES = 1024;

export interface HttpSenderOptions {
  allowedNetworks: AllowedNetworks;
  timeoutMs?: number;
}

interface Answer {
  statusCode: number;
  statusMessage: string | undefined;
  excerpt: string;
}

export function httpSender({ allowedNetworks, timeoutMs = DELIVERY_TIMEOUT_MS }: HttpSenderOptions): WebhookSender {
  const dnsLookup = guardedLookup(allowedNetworks);
  return async (request) => {
    const startedAt = new Date();
    const began = performance.now();
    const result = (fields: Pick<SendResult, 'statusCode' | 'error' | 'responseExcerpt'>): SendResult => ({
      startedAt, durationMs: Math.round(performance.now() - began), ...fields,
    });
    const refused = refusedTarget(request.url, allowedNetworks);
    if (refused) return result({ statusCode: null, error: refused, responseExcerpt: null });
    try {
      const answer = await post(request, dnsLookup, timeoutMs);
      return result({ statusCode: answer.statusCode, error: statusError(answer), responseExcerpt: answer.excerpt || null });
    } catch (error) {
      return result({ statusCode: null, error: describe(error, timeoutMs), responseExcerpt: null });
    }
  };
}

/** What can be refused before connecting: a URI that is not http(s), and IP literals (no lookup happens for them). */
function refusedTarget(uri: string, allowed: AllowedNetworks): string | null {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return `refused: ${JSON.stringify(uri.slice(0, 100))} is not an absolute URI`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `refused: ${url.protocol} is not http or https`;
  const reason = isIpLiteral(url.hostname) ? refusedAddress(url.hostname, allowed) : null;
  return reason ? `refused: ${reason}` : null;
}

function post(request: WebhookRequest, dnsLookup: ReturnType<typeof guardedLookup>, timeoutMs: number): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const stream = got.stream.post(request.url, {
      body: request.body,
      headers: request.headers,
      dnsLookup,
      timeout: { request: timeoutMs },
      followRedirect: false,
      retry: { limit: 0 },
      throwHttpErrors: false,
    });
    let response: { statusCode: number; statusMessage?: string | undefined } | undefined;
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const finish = () => {
      if (settled || !response) return;
      settled = true;
      // PostgreSQL text cannot hold NUL; a binary answer is still shown, without them.
      const excerpt = Buffer.concat(chunks).subarray(0, EXCERPT_BYTES).toString('utf8').replaceAll('\u0000', '');
      resolve({ statusCode: response.statusCode, statusMessage: response.statusMessage, excerpt });
      stream.destroy();
    };
    stream.on('response', (answer: { statusCode: number; statusMessage?: string }) => {
      response = answer;
    });
    stream.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= EXCERPT_BYTES) finish();
    });
    stream.on('end', finish);
    stream.on('error', (error: unknown) => {
      // The status came in time; the rest of the body is not ours to wait for.
      if (response) return finish();
      if (!settled) {
        settled = true;
        reject(error);
      }
    });
  });
}

function statusError({ statusCode, statusMessage }: Answer): string | null {
  if (statusCode >= 200 && statusCode < 300) return null;
  const text = `${statusCode} ${statusMessage || STATUS_CODES[statusCode] || ''}`.trim();
  return statusCode >= 300 && statusCode < 400 ? `${text} (redirects are not followed)` : text;
}

function describe(error: unknown, timeoutMs: number): string {
  if (error instanceof TimeoutError) return `timed out after ${timeoutMs / 1000} s`;
  return error instanceof Error ? error.message : String(error);
}
