import type { AccessContext } from '../identity/access-context.js';

/** Who makes a request change, and the transaction's time (the database's now()). */
export interface ChangeContext {
  access: AccessContext;
  now: Date;
}
