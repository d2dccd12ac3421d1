/**
 * Issue 32 item 4 (docs/decisions/045): who may move a request's major incident status, and
 * where to. As a service desk runs it, anyone working on the request raises the alarm and one
 * accountable role decides:
 * - anyone who may change the request proposes it (`proposed`), again after a rejection or a
 *   cancellation;
 * - an administrator accepts or rejects a proposal, declares a major incident at once
 *   (`accepted` from none), resolves an accepted one, cancels a proposed or accepted one, and
 *   reopens a resolved one (`accepted`);
 * - once set, the status is never cleared: its history is the major incident's record.
 * A move elsewhere is a 422 naming the field; a move the caller may not make, a 403 naming it.
 */
import { forbidden, type FieldError } from '../errors/domain-error.js';
import { isAdministrator, type Role } from '../identity/roles.js';
import type { MajorIncidentStatus } from './request-values.js';

type From = MajorIncidentStatus | 'none';

/** Where each status may go, and whether only an administrator may take it there. */
const MOVES: Readonly<Record<From, Partial<Record<MajorIncidentStatus, 'anyone' | 'administrator'>>>> = {
  none: { proposed: 'anyone', accepted: 'administrator' },
  proposed: { accepted: 'administrator', rejected: 'administrator', canceled: 'administrator' },
  accepted: { resolved: 'administrator', canceled: 'administrator' },
  rejected: { proposed: 'anyone' },
  resolved: { accepted: 'administrator' },
  canceled: { proposed: 'anyone' },
};

const FIELD = 'major_incident_status';

/** Why the move makes no sense, as a problem of the field; null when it may be made (or is no move). */
export function majorIncidentMoveProblem(from: MajorIncidentStatus | null, to: MajorIncidentStatus | null): FieldError | null {
  if (from === to) return null;
  if (to === null) return [FIELD, `Major incident status cannot be cleared once set (it is ${from})`];
  const origin: From = from ?? 'none';
  if (MOVES[origin][to]) return null;
  return [FIELD, `Major incident status cannot move from ${origin} to ${to} (from ${origin}: ${Object.keys(MOVES[origin]).join(', ')})`];
}

/** A sensible move the caller may not make is refused with a 403 naming the field. */
export function assertMayMoveMajorIncident(from: MajorIncidentStatus | null, to: MajorIncidentStatus | null, roles: readonly Role[]): void {
  if (from === to || to === null) return;
  if (MOVES[from ?? 'none'][to] === 'administrator' && !isAdministrator(roles)) throw forbidden(`Only an administrator may move ${FIELD} to ${to}`);
}
