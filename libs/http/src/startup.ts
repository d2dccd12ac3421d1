import { ConfigError } from '@tessera/validation';

/** Ends a process whose boot failed with one clear line instead of a stack, where a stack says nothing more. */
export function exitOnStartupError(app: string): (error: unknown) => never {
  return (error) => {
    if (error instanceof ConfigError) {
      process.stderr.write(`${app}: ${error.message}\n`);
    } else {
      process.stderr.write(`${app}: failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    }
    process.exit(1);
  };
}
