import express, { type RequestHandler } from 'express';

/** What an app that sets no limit of its own accepts: 1 MiB. */
export const DEFAULT_BODY_LIMIT_BYTES = 1_048_576;

/** JSON and form bodies up to `limit` (bytes, or a size such as `1mb`); larger ones get 413. */
export function bodyParsers(limit: string | number): RequestHandler[] {
  return [express.json({ limit }), express.urlencoded({ extended: false, limit })];
}
