/**
 * Who sees whose primary e-mail (docs/decisions/033), for REST `/v1/people` and
 * GraphQL `people` / `Person.primaryEmail` alike: the person's definition declares it
 * (person.record.ts `visible`) and the engine's rule reads it (record-visibility.ts): a
 * person with any role in the account of the call sees the primary e-mail of every person
 * they may read; an end user (no role there) sees their own only, and may not filter or sort
 * people on it (which would reveal it a character at a time).
 */
import type { AccessContext } from '../identity/access-context.js';
import { assertVisibleQuery, visibleValue } from '../record-engine/record-visibility.js';
import { PERSON } from './person.record.js';

type Caller = Pick<AccessContext, 'person' | 'roles'>;

/** The person's primary e-mail as the caller may see it: null when it is somebody else's and the caller is an end user. */
export const visiblePrimaryEmail = (access: Caller, person: { id: number; primary_email: string }): string | null => visibleValue(PERSON, access, 'primary_email', person);

/** An end user's query of people that filters or sorts on the primary e-mail (`field`, as the transport names it) is refused. */
export const assertEmailQueryAllowed = (access: Caller, fieldsUsed: readonly string[], field: string): void => assertVisibleQuery(PERSON, access, fieldsUsed, () => field);
