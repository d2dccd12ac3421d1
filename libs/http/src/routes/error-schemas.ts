/**
 * The error bodies every REST route may answer (REFERENCE.md "REST
 * conventions"), as the API document shows them. `toHttpError` and the error
 * handler write them; error-schemas.spec.ts holds them to it.
 */
import { z } from 'zod';

export const errorBodySchema = z
  .object({
    message: z.string().describe('The standard phrase of the status, e.g. `Not Found`, or what was wrong with a parameter'),
    reason: z.string().optional().describe('What went wrong, for the developer reading it'),
  })
  .describe('An error');

export const validationErrorBodySchema = z
  .object({
    message: z.literal('Validation Failed'),
    errors: z.array(z.tuple([z.string().describe('field'), z.string().describe('message')])).describe('`[field, message]` pairs, every problem at once'),
  })
  .describe('Input that does not pass validation; nothing was stored');

export const tooManyRequestsBodySchema = z
  .object({ message: z.literal('Too Many Requests'), documentation_url: z.url() })
  .describe('A request-rate window is spent; retry after `Retry-After` seconds');

export const serverErrorBodySchema = z
  .object({ message: z.literal('Internal Server Error'), error_id: z.uuid().describe('Find the failure in the log by this id') })
  .describe('An unexpected failure; no detail reaches the client');

/** Component names of the error bodies in the document. */
export const ERROR_SCHEMAS = {
  Error: errorBodySchema,
  ValidationError: validationErrorBodySchema,
  TooManyRequests: tooManyRequestsBodySchema,
  ServerError: serverErrorBodySchema,
} as const;
