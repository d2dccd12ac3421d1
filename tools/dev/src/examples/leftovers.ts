/**
 * What the documentation's walkthroughs may not leave behind on a reader's
 * machine once they have all run (issue 30 item 20): a receiver still
 * listening, a file in the checkout, or a webhook that was ever enabled for a
 * host outside the machine (its deliveries would look up outside DNS, retry
 * for two days and mail failures on every later change).
 */
import { connect } from 'node:net';
import { readdir } from 'node:fs/promises';

/** The ports the examples' receivers listen on: `.listen(9000)` in a command. */
export function receiverPorts(commands: readonly string[]): number[] {
  return [...new Set(commands.flatMap((command) => [...command.matchAll(/\.listen\((\d{2,5})\b/g)].map((m) => Number(m[1]))))].sort();
}

/** The ports of `ports` on which something on this machine still accepts a connection. */
export async function stillListening(ports: readonly number[]): Promise<number[]> {
  const open = await Promise.all(
    ports.map(
      (port) =>
        new Promise<boolean>((resolve) => {
          const socket = connect({ host: '127.0.0.1', port });
          socket.setTimeout(2000);
          socket.once('connect', () => (socket.destroy(), resolve(true)));
          socket.once('error', () => resolve(false));
          socket.once('timeout', () => (socket.destroy(), resolve(false)));
        }),
    ),
  );
  return ports.filter((_, i) => open[i]);
}

/** Entries of a directory that are not among those it started with. */
export async function newEntries(dir: string, before: readonly string[]): Promise<string[]> {
  return (await readdir(dir)).filter((entry) => !before.includes(entry)).sort();
}

export interface WebhookAuditLine {
  record_id: number;
  action: string;
  changes: Record<string, unknown>;
}

const ON_THIS_MACHINE = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

function offMachine(uri: unknown): boolean {
  try {
    return !ON_THIS_MACHINE.test(new URL(String(uri)).hostname);
  } catch {
    return false;
  }
}

/**
 * Every webhook that was enabled, at any time, for a host outside the machine,
 * replayed from its audit lines (a create holds the fields, an update
 * `[before, after]` pairs), so one deleted since counts too.
 */
export function webhooksEnabledOffMachine(lines: readonly WebhookAuditLine[]): string[] {
  const state = new Map<number, Record<string, unknown>>();
  const found = new Set<string>();
  for (const line of lines) {
    if (line.action === 'create') state.set(line.record_id, { ...line.changes });
    else if (line.action === 'update') {
      const webhook = state.get(line.record_id) ?? {};
      for (const [field, pair] of Object.entries(line.changes)) if (Array.isArray(pair)) webhook[field] = pair[1];
      state.set(line.record_id, webhook);
    } else continue;
    const webhook = state.get(line.record_id)!;
    if (webhook['disabled'] !== true && offMachine(webhook['uri'])) found.add(`webhook ${line.record_id} was enabled for ${String(webhook['uri'])}`);
  }
  return [...found];
}
