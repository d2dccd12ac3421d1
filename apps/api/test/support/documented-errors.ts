/**
 * Whether an answer's body is in the shape REFERENCE.md documents for its
 * status: the schemas the API document publishes (libs/http error-schemas).
 */
import { errorBodySchema, tooManyRequestsBodySchema, validationErrorBodySchema } from '@tessera/http';

/** What is wrong with an error answer; null when its status and body are documented. 5xx other than 503 are always wrong. */
export function errorShapeProblem(status: number, body: unknown, headers: Record<string, string | string[] | undefined> = {}): string | null {
  if (status < 400) return null;
  if (status >= 500 && status !== 503) return `a ${status}`;
  if (status === 503 && !(Number(headers['retry-after']) >= 1)) return '503 without Retry-After';
  const schemas = status === 422 ? [validationErrorBodySchema, errorBodySchema] : status === 429 ? [tooManyRequestsBodySchema] : [errorBodySchema];
  if (!schemas.some((schema) => schema.safeParse(body).success)) return `a ${status} whose body is not a documented error: ${JSON.stringify(body)?.slice(0, 300)}`;
  // The schema lets extra keys through; the documented bodies have none.
  const allowed = status === 422 ? ['message', 'errors', 'reason'] : status === 429 ? ['message', 'documentation_url'] : ['message', 'reason'];
  const extra = Object.keys(body as object).filter((key) => !allowed.includes(key));
  return extra.length > 0 ? `a ${status} with undocumented keys ${extra.join(', ')}` : null;
}
