/**
 * The environment each deployment file of the repository gives an app, read
 * from the files themselves, so that a spec can show the app's production
 * config accepts it once its placeholders are filled, and refuses each
 * placeholder as it ships (issue 30 item 13):
 * - docker/compose.yml, with NODE_ENV from docker/Dockerfile and the secrets
 *   docker/compose-secrets.sh makes at the stack's first start;
 * - deploy/kubernetes/<app>.yaml, its ConfigMap and the Secret of secrets.yaml;
 * - deploy/systemd/tessera-<app>.service and the .env.example it names.
 * The files are simple enough that a few patterns read them; a shape these
 * do not know fails the spec rather than passing it.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SECRET_VARIABLES } from '../example-secrets.js';

export type DeployedApp = 'api' | 'auth' | 'graphql' | 'webhook-worker';

export interface DeploymentEnvironment {
  /** The deployment file, from the repository's root. */
  file: string;
  env: Record<string, string>;
  /** The secret variables whose values are the file's examples, to be replaced before use. */
  examples: string[];
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

export function deploymentEnvironments(app: DeployedApp): DeploymentEnvironment[] {
  return [compose(app), kubernetes(app), systemd(app)];
}

/** The environment with each example secret replaced by `fresh(name)` (in DATABASE_URL, its password only). */
export function withExamplesReplaced({ env, examples }: DeploymentEnvironment, fresh: (name: string) => string): Record<string, string> {
  return { ...env, ...Object.fromEntries(examples.map((name) => [name, name === 'DATABASE_URL' ? env[name]!.replace(/:[^:@/]+@/, `:${encodeURIComponent(fresh(name))}@`) : fresh(name)])) };
}

/** Secret variables of an example file, but for a URL that carries no credentials (an SMTP relay's address). */
const examplesOf = (env: Record<string, string>) =>
  SECRET_VARIABLES.filter((name) => env[name] !== undefined && !(/^[a-z]+:\/\//.test(env[name]!) && !env[name]!.includes('@')));

/** The image's own environment (docker/Dockerfile's runtime stage), under compose's and the pod's. */
function imageEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [, name, value] of read('docker/Dockerfile').matchAll(/^ENV (NODE_ENV)=(\S+)/gm)) env[name!] = value!;
  return env;
}

function compose(app: DeployedApp): DeploymentEnvironment {
  const file = 'docker/compose.yml';
  const text = read(file);
  const env = imageEnv();
  const defaulted = (value: string) => value.replace(/^"|"$/g, '').replace(/\$\{[A-Z_]+:-([^}]*)\}/g, '$1');
  const block = (start: RegExp) => {
    const at = text.search(start);
    if (at < 0) throw new Error(`${file}: no ${start}`);
    const lines = text.slice(at).split('\n').slice(1);
    const indent = /^\s*/.exec(lines.find((line) => line.trim() !== '' && !line.trim().startsWith('#'))!)![0];
    const body = [];
    for (const line of lines) {
      if (line.trim().startsWith('#')) continue;
      if (!line.startsWith(indent) || line.trim() === '') break;
      body.push(line.slice(indent.length));
    }
    return body;
  };
  const assign = (lines: string[]) => {
    for (const line of lines) {
      const match = /^([A-Z][A-Z0-9_]*): (.*)$/.exec(line);
      if (match) env[match[1]!] = defaulted(match[2]!.trim());
    }
  };
  assign(block(/^x-env: &env$/m));
  const service = block(new RegExp(`^  ${app}:$`, 'm'));
  const environment = service.findIndex((line) => line.startsWith('environment:'));
  if (environment >= 0 && !/environment: \*env$/.test(service[environment]!)) {
    assign(service.slice(environment + 1).filter((line) => line.startsWith('  ')).map((line) => line.slice(2)));
  }
  // The apps source the secrets the stack made at its first start (docker/compose-secrets.sh).
  if (/\. \/run\/tessera-secrets\/secrets\.env/.test(text)) Object.assign(env, composeSecrets(env));
  return { file, env, examples: [] };
}

/** Runs docker/compose-secrets.sh into a folder of its own and reads what an app's shell would have. */
function composeSecrets(env: Record<string, string>): Record<string, string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'tessera-compose-secrets-'));
  try {
    execFileSync('sh', [path.join(root, 'docker/compose-secrets.sh'), dir, String(process.getuid?.() ?? 0)]);
    const names = ['SECRET_SEALING_KEY', 'COOKIE_KEYS', 'METRICS_TOKEN'];
    // As compose runs the app: its environment (an empty value is unset), then the file.
    const given = Object.fromEntries(names.map((name) => [name, env[name] ?? '']));
    const out = execFileSync('sh', ['-c', `. "${dir}/secrets.env" && ${names.map((name) => `printf '%s\\n' "$${name}"`).join(' && ')}`], { env: { PATH: process.env['PATH'], ...given } });
    const values = out.toString().split('\n');
    return Object.fromEntries(names.map((name, i) => [name, values[i]!]));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function kubernetes(app: DeployedApp): DeploymentEnvironment {
  const file = `deploy/kubernetes/${app}.yaml`;
  const text = read(file);
  const secrets: Record<string, string> = {};
  const stringData = read('deploy/kubernetes/secrets.yaml').split(/^stringData:$/m)[1] ?? '';
  for (const [, key, value] of stringData.matchAll(/^ {2}([a-z-]+): (\S+)/gm)) secrets[key!] = value!;
  const env = imageEnv();
  const data = text.split(/^data:$/m)[1]?.split(/^---$/m)[0] ?? '';
  for (const [, name, value] of data.matchAll(/^ {2}([A-Z][A-Z0-9_]*): "?([^"\n]*)"?$/gm)) env[name!] = value!;
  const examples: string[] = [];
  for (const [, name, key] of text.matchAll(/- name: ([A-Z][A-Z0-9_]*)\n\s+valueFrom: \{ secretKeyRef: \{ name: tessera-secrets, key: ([a-z-]+) \} \}/g)) {
    if (secrets[key!] === undefined) throw new Error(`${file}: ${name} names the key ${key} that secrets.yaml does not have`);
    env[name!] = secrets[key!]!;
    examples.push(name!);
  }
  for (const [, name, value] of text.matchAll(/- name: ([A-Z][A-Z0-9_]*)\n\s+value: "?([^"\n]*)"?/g)) env[name!] = value!;
  return { file, env, examples: examplesOf(Object.fromEntries(examples.map((name) => [name, env[name]!]))) };
}

function systemd(app: DeployedApp): DeploymentEnvironment {
  const file = `deploy/systemd/tessera-${app}.service`;
  const text = read(file);
  const env: Record<string, string> = {};
  for (const [, assignments] of text.matchAll(/^Environment=(.*)$/gm)) {
    for (const [, name, value] of assignments!.matchAll(/([A-Z][A-Z0-9_]*)=(\S+)/g)) env[name!] = value!;
  }
  const example: Record<string, string> = {};
  for (const [, installed] of text.matchAll(/^EnvironmentFile=-?\/etc\/tessera\/(\S+)$/gm)) {
    for (const [, name, value] of read(`deploy/systemd/${installed}.example`).matchAll(/^([A-Z][A-Z0-9_]*)=(.*)$/gm)) example[name!] = value!;
  }
  Object.assign(env, example);
  return { file, env, examples: examplesOf(example) };
}
