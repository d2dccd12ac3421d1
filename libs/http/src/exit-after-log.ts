import type { Logger } from './logger.js';

/** How long the log may take to drain before the process ends anyway. */
const FLUSH_WAIT_MS = 2_000;

/**
 * Ends the process once what it logged has been written. pino writes to stdout asynchronously, and
 * `process.exit` right after a line could lose it: the shutdown's own last line ("shut down
 * cleanly", or what the grace cut) went missing that way under load.
 */
export function exitAfterLog(logger: Logger, code: number): void {
  const exit = () => process.exit(code);
  setTimeout(exit, FLUSH_WAIT_MS).unref();
  try {
    logger.flush(() => exit());
  } catch {
    exit();
  }
}
