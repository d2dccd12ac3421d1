/** For unit specs: the `[field, message]` problems a use case refused with (it must refuse with VALIDATION_FAILED). */
import { isDomainError, type FieldError } from '../errors/domain-error.js';

export async function validationProblems(work: Promise<unknown>): Promise<FieldError[]> {
  try {
    await work;
  } catch (error) {
    if (isDomainError(error) && error.code === 'VALIDATION_FAILED') return error.errors;
    throw error;
  }
  throw new Error('the use case did not refuse the input');
}
