import { spawn } from 'node:child_process';
import path from 'node:path';
import { workspaceRoot } from '../paths.js';

export interface TesseraRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The administration command as a user runs it (`npx tessera …` runs this file), with `env` over this process's environment. */
export function runTessera(args: string[], env: NodeJS.ProcessEnv = {}, input?: string): Promise<TesseraRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(workspaceRoot, 'tools/dev/bin/tessera.mjs'), ...args], { cwd: workspaceRoot, env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdin.end(input ?? '');
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
