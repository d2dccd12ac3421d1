/**
 * The datetimes of a write body as the events intake reads them (libs/validation): ISO 8601
 * text becomes a Date; blank clears the field like null; anything else is a problem named with
 * the others (withInputProblems). One rule for requests and every record of the engine.
 */
import { fieldsWritten, withInputProblems, type FieldError, type RecordDeclaration } from '@tessera/domain';
import { DATETIME_RANGE_TEXT, humanize, parseIsoDatetime } from '@tessera/validation';

/** The body's reader of the declaration's datetime fields. */
export function bodyDatetimes(declaration: RecordDeclaration): <T extends object>(values: T) => T {
  const names = fieldsWritten(declaration, 'create').filter((name) => declaration.fields[name]!.type === 'datetime');
  return <T extends object>(values: T): T => {
    const out: Record<string, unknown> = { ...(values as Record<string, unknown>) };
    const errors: FieldError[] = [];
    for (const field of names) {
      const value = out[field];
      if (typeof value !== 'string') continue;
      const date = value.trim() === '' ? null : parseIsoDatetime(value.trim());
      if (date === null && value.trim() !== '') {
        errors.push([field, `${humanize(field)} is not a valid ISO 8601 datetime from ${DATETIME_RANGE_TEXT}`]);
        // Named here once: left out, not cleared, so that a field that is never blank is not also "blank".
        delete out[field];
      } else out[field] = date;
    }
    return withInputProblems(out, errors) as T;
  };
}
