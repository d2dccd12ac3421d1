/**
 * One bash process per document, so that the variables an example sets (CREDS,
 * TOKEN, AUTH, …) hold for the examples after it, as in a reader's terminal.
 * `curl` on its PATH is a shim that runs the real curl unchanged and notes the
 * HTTP status of each call (`%{stderr}` of --write-out, into a file): a reader
 * sees exactly what the example prints, and the test also knows the status. A
 * call that sets its own --write-out prints the status itself and is left alone.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface StepResult {
  exitCode: number;
  stdout: string;
  stderr: string;
  /** HTTP status of each curl call of the step that did not set --write-out, in order. */
  statuses: number[];
  timedOut: boolean;
}

const STATUS_MARK = '@@tessera-example-status ';

export async function writeCurlShim(binDir: string, realCurl: string, statusFile: string): Promise<void> {
  await mkdir(binDir, { recursive: true });
  const shim = [
    '#!/bin/bash',
    'for arg in "$@"; do case "$arg" in -w|--write-out|--write-out=*) exec ' + JSON.stringify(realCurl) + ' "$@";; esac; done',
    `exec ${JSON.stringify(realCurl)} "$@" --write-out '%{stderr}${STATUS_MARK}%{http_code}\\n' 2>>${JSON.stringify(statusFile)}`,
  ].join('\n');
  await writeFile(path.join(binDir, 'curl'), `${shim}\n`);
  await chmod(path.join(binDir, 'curl'), 0o755);
}

export class ShellSession {
  private readonly bash: ChildProcessWithoutNullStreams;
  private stdout = '';
  private step = 0;

  constructor(
    private readonly cwd: string,
    private readonly stepsDir: string,
    private readonly statusFile: string,
    env: NodeJS.ProcessEnv,
  ) {
    // Its own process group: a receiver an example starts in the background ends with the session.
    this.bash = spawn('bash', ['--noprofile', '--norc'], { cwd, env, detached: true });
    this.bash.stdout.on('data', (chunk) => (this.stdout += chunk));
    this.bash.stderr.resume();
  }

  async run(command: string, timeoutMs: number): Promise<StepResult> {
    const n = (this.step += 1);
    const file = (ext: string) => path.join(this.stepsDir, `${n}.${ext}`);
    await mkdir(this.stepsDir, { recursive: true });
    await writeFile(file('sh'), `${command}\n`);
    await writeFile(this.statusFile, '');
    const done = `@@tessera-example-done ${n} `;
    this.bash.stdin.write(`. ${JSON.stringify(file('sh'))} > ${JSON.stringify(file('out'))} 2> ${JSON.stringify(file('err'))} < /dev/null; echo "${done}$?"\n`);
    const deadline = Date.now() + timeoutMs;
    while (!this.stdout.includes(done) && Date.now() < deadline && this.bash.exitCode === null) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const at = this.stdout.indexOf(done);
    const exitCode = at < 0 ? -1 : Number.parseInt(this.stdout.slice(at + done.length), 10);
    const read = (ext: string) => readFile(file(ext), 'utf8').catch(() => '');
    const noted = await readFile(this.statusFile, 'utf8').catch(() => '');
    const statuses = [...noted.matchAll(new RegExp(`${STATUS_MARK}(\\d{3})`, 'g'))].map((m) => Number(m[1]));
    const curlErrors = noted.split('\n').filter((line) => line !== '' && !line.startsWith(STATUS_MARK));
    return { exitCode, stdout: await read('out'), stderr: [await read('err'), ...curlErrors].join(''), statuses, timedOut: at < 0 };
  }

  close(): void {
    try {
      process.kill(-this.bash.pid!, 'SIGKILL');
    } catch {
      // already gone
    }
  }

  get directory(): string {
    return this.cwd;
  }
}
