/**
 * The port through which a delivery attempt reaches the receiver: one HTTP
 * POST (the worker implements it with undici, behind the private-address guard).
 * It never throws for what the receiver or the network did: every outcome is
 * a result to log.
 */
export interface WebhookRequest {
  url: string;
  body: string;
  headers: Record<string, string>;
}

export interface SendResult {
  startedAt: Date;
  durationMs: number;
  /** The response status; null when no response came (refused, timed out, connection error). */
  statusCode: number | null;
  /** Null on success (a 2xx in time); otherwise why not, e.g. `404 Not Found`, `timed out after 10 s`. */
  error: string | null;
  /** The first 1 KB of the response body, as text. */
  responseExcerpt: string | null;
  /** The answer's Retry-After header, as sent; honoured on 429 and 503 (delivery-rules.ts). */
  retryAfter?: string | null;
}

export type WebhookSender = (request: WebhookRequest) => Promise<SendResult>;
