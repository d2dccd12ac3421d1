/**
 * Who reads which records of a definition (define-record.ts `readers`; docs/decisions/056): a
 * row-level read rule, where `visible` (record-visibility.ts) is a field-level one. Callers of
 * the roles `all` read every record; anyone else reads a record when one of the `when` clauses
 * holds for it and for them. The store makes the rule a condition of the record's one statement
 * text (libs/persistence records/record-readers-sql.ts), the caller its parameters, so lists page
 * and count only what the caller reads, and a record they may not read is not found, as another
 * account's is.
 */
import type { AccessContext } from '../identity/access-context.js';
import type { Role } from '../identity/roles.js';

/**
 * Who a clause reaches, every key given holding: `role`, a caller with a role in the account of
 * the call; `team`, a member of a team the record names — a reference or link list to teams
 * (`team_ids`), or one hop further, `<reference or link list>.<its record's reference to a team>`
 * (`service_id.support_team_id`); `organization`, a person of an organization the record's link
 * list or reference names, with `below` of one below it as well. `'anyone'`: every reader.
 */
export type RecordAudience = 'anyone' | { role?: true; team?: string; organization?: string; below?: true };

/** Records whose fields have these values (an enum one of those listed, a flag the one given), read by `to`. */
export interface RecordReadClause {
  where: Readonly<Record<string, boolean | readonly string[]>>;
  to: RecordAudience;
}

export interface RecordReaders {
  /** Roles whose holders read every record of the account. */
  all: readonly Role[];
  /** A record is read by whoever one of these reaches; none: by the roles `all` only. */
  when: readonly RecordReadClause[];
}

/** The caller as a read rule takes it: the parameters of the statement, never its text. */
export interface RecordReader {
  personId: number;
  organizationId: number | null;
  /** Their roles in the account of the call. */
  roles: readonly Role[];
}

export function recordReader(access: Pick<AccessContext, 'person' | 'roles'>): RecordReader {
  return { personId: access.person.id, organizationId: access.person.organizationId, roles: access.roles };
}

/** Whether the caller's roles read every record of the definition. */
export function readsEveryRecord(readers: RecordReaders, reader: RecordReader): boolean {
  return reader.roles.some((role) => readers.all.includes(role));
}

/** The definition's fields a clause names must exist, an enum's values be its own, a flag be a boolean: a mistake fails at load. */
export function checkedReaders(noun: string, fields: Readonly<Record<string, { type: string; values?: readonly string[] }>>, readers: RecordReaders | undefined): RecordReaders | null {
  if (readers === undefined) return null;
  for (const clause of readers.when) {
    for (const [name, wanted] of Object.entries(clause.where)) {
      const field = fields[name];
      const fits = typeof wanted === 'boolean' ? field?.type === 'boolean' : field?.type === 'enum' && wanted.every((value) => field.values!.includes(value));
      if (!fits) throw new Error(`${noun}: the readers' clause on ${name} names no ${typeof wanted === 'boolean' ? 'flag' : 'enum value'} of the record`);
    }
    const to = clause.to;
    for (const path of to === 'anyone' ? [] : [to.team, to.organization]) {
      if (path !== undefined && !(path.split('.')[0]! in fields)) throw new Error(`${noun}: the readers' audience ${path} names no field of the record`);
    }
  }
  return readers;
}
