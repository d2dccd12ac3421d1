/**
 * `--password-prompt`: the password is typed at a terminal without echo (twice, to catch a typo),
 * or read as the first line of standard input when that is not a terminal (a script's pipe), so it
 * never appears in the process list or the shell's history.
 */
import { createInterface } from 'node:readline';

export async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) return firstLine();
  const first = await typeHidden('Password: ');
  const again = await typeHidden('Password again: ');
  if (first !== again) throw new Error('the two passwords differ; nothing was written');
  return first;
}

async function firstLine(): Promise<string> {
  const lines = createInterface({ input: process.stdin });
  for await (const line of lines) {
    lines.close();
    return line;
  }
  return '';
}

function typeHidden(prompt: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const stdin = process.stdin;
    let typed = '';
    process.stderr.write(prompt);
    stdin.setRawMode(true);
    stdin.resume();
    const onData = (chunk: Buffer) => {
      for (const char of chunk.toString('utf8')) {
        if (char === '\r' || char === '\n') return finish(() => resolve(typed));
        if (char === '\u0003') return finish(() => reject(new Error('interrupted; nothing was written')));
        if (char === '\u007f' || char === '\b') typed = typed.slice(0, -1);
        else typed += char;
      }
    };
    const finish = (settle: () => void) => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      process.stderr.write('\n');
      settle();
    };
    stdin.on('data', onData);
  });
}
