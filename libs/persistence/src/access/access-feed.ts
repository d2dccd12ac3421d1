import type { AccessChange } from '@tessera/domain';

/** Where a feed of access changes reports: an `AccessCache` applies, resumes and suspends. */
export interface AccessFeedHandlers {
  change(change: AccessChange): void;
  /** The feed is (back) up: changes from now on will arrive; earlier ones may have been missed. */
  up(): void;
  /** The feed is down: changes may be missed until `up`. */
  down(): void;
}

/** A pino logger fits; persistence does not depend on one. */
export interface AccessFeedLog {
  info(context: Record<string, unknown>, message: string): void;
  warn(context: Record<string, unknown>, message: string): void;
}

export interface AccessFeed {
  close(): Promise<void>;
}
