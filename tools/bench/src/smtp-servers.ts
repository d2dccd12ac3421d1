/**
 * The two SMTP servers of the mail runs, both in the bench process: one that
 * accepts every message, and a hung one that accepts connections and never
 * greets (issue 19: such a server held one of the worker's 5 job slots per mail
 * attempt, and every delivery waited). Each counts what it saw, so the report
 * shows that failure e-mails were in fact being sent during the run.
 */
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface BenchSmtpServer {
  url: string;
  /** TCP connections accepted since the start. */
  connections(): number;
  /** Messages received whole (always 0 for the hung server). */
  messages(): number;
  close(): Promise<void>;
}

export async function startHungSmtpServer(): Promise<BenchSmtpServer> {
  const sockets = new Set<net.Socket>();
  let connections = 0;
  // No greeting, no answer: the client waits for its greeting timeout.
  const server = net.createServer((socket) => {
    connections++;
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
    socket.resume();
  });
  const port = await listen(server);
  return {
    url: `smtp://127.0.0.1:${port}`,
    connections: () => connections,
    messages: () => 0,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

export async function startAnsweringSmtpServer(): Promise<BenchSmtpServer> {
  let connections = 0;
  let messages = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onConnect(_session, callback) {
      connections++;
      callback();
    },
    onData(stream, _session, callback) {
      stream.resume();
      stream.on('end', () => {
        messages++;
        callback();
      });
    },
  });
  server.on('error', () => undefined);
  const port = await listen(server.server as net.Server);
  return {
    url: `smtp://127.0.0.1:${port}`,
    connections: () => connections,
    messages: () => messages,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function listen(server: net.Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
}
