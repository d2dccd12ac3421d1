/**
 * The webhook sink in a child process of its own (the default), so that the
 * baseline's got loop in the bench process does not share an event loop with
 * the server it posts to. Driven over the fork IPC channel: it sends
 * `{ ready: url }`, then answers each `{ id, op }` with `{ id, result }`.
 */
import { startWebhookSink } from './webhook-sink.js';

interface Command {
  id: number;
  op: 'reset' | 'stats' | 'close';
  arrivals?: boolean;
}

const sink = await startWebhookSink(process.env['HOST'] ?? '127.0.0.1');
const reply = (message: unknown) => process.send?.(message);
process.on('message', (command: Command) => {
  if (command.op === 'reset') {
    sink.reset();
    reply({ id: command.id, result: null });
  } else if (command.op === 'stats') {
    reply({ id: command.id, result: sink.stats({ arrivals: command.arrivals ?? true }) });
  } else {
    void sink.close().then(() => {
      reply({ id: command.id, result: null });
      process.disconnect();
    });
  }
});
// The bench went away without closing us: do not linger.
process.on('disconnect', () => process.exit(0));
reply({ ready: sink.url });
