import { DomainError, ERROR_CODES, type ErrorCode } from '@tessera/domain';
import { toHttpError } from '../http-error.js';
import { errorBodySchema, tooManyRequestsBodySchema, validationErrorBodySchema } from './error-schemas.js';

/** The document's error bodies must be the ones toHttpError writes. */
describe('error schemas of the API document', () => {
  const schemaOf = (code: ErrorCode) =>
    code === 'VALIDATION_FAILED' ? validationErrorBodySchema : code === 'TOO_MANY_REQUESTS' ? tooManyRequestsBodySchema : errorBodySchema;

  it.each(ERROR_CODES.map((code) => [code]))('describe the body of %s', (code) => {
    const error = new DomainError(code, 'Something specific', { errors: [['subject', "Subject can't be blank"]], retryAfterSeconds: 2 });
    const { body } = toHttpError(error);
    expect(schemaOf(code).strict().safeParse(body).error?.issues ?? []).toEqual([]);
  });
});
