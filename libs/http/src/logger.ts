import { pino, type Logger } from 'pino';

export type { Logger };

export function createLogger(options: { name: string; level: string }): Logger {
  return pino({
    name: options.name,
    level: options.level,
    // Credentials never reach the log, whatever a handler logs.
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token', '*.client_secret'], censor: '[redacted]' },
  });
}
