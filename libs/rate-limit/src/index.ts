export { openRateLimitStore } from './rate-limit-store.js';
export type { RateLimitStore, StoreHandle } from './rate-limit-store.js';
export { createRequestRateLimiter, decide as decideRequestRate } from './request-rate-limiter.js';
export type { RateWindow, RateDecision, RequestRateLimiter } from './request-rate-limiter.js';
export type { WindowCounter, WindowHit, WindowCount } from './window-counter.js';
export { createBatchingWindowCounter } from './batching-window-counter.js';
export type { BatchingWindowCounter } from './batching-window-counter.js';
