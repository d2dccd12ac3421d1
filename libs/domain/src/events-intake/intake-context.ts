import type { AccessContext } from '../identity/access-context.js';

export interface IntakeContext {
  access: AccessContext;
  now: Date;
}
