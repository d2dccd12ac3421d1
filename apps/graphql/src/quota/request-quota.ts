/**
 * The context field `quota`: whose budget a request spends and, once the limits plugin has
 * counted it (before execution), its cost figures, which the `rateLimit` field answers.
 */
export interface CostFigures {
  /** Points per window. */
  limit: number;
  /** Points of this call. */
  cost: number;
  /** Points left in the window; null when the counter store could not be reached. */
  remaining: number | null;
  /** UTC epoch seconds when the window resets; null when the store could not be reached. */
  resetAt: number | null;
}

export interface RequestQuota {
  /** `person:<id>`, or `app:<client id>:person:<id>` for an OAuth token (as REST keys its windows). */
  key: string;
  /** Set before execution; null until then. */
  figures: CostFigures | null;
}

export function quotaKeyOf(personId: number, clientId: string | undefined): string {
  return clientId ? `app:${clientId}:person:${personId}` : `person:${personId}`;
}
