export { openRateLimitStore } from './rate-limit-store.js';
export type { RateLimitStore, StoreHandle, WindowOptions } from './rate-limit-store.js';
export { createRequestRateLimiter, DEFAULT_REQUEST_WINDOWS } from './request-rate-limiter.js';
export type { RateWindow, RateDecision, RequestRateLimiter } from './request-rate-limiter.js';
