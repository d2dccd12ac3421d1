/**
 * deploy/: the systemd units and Kubernetes manifests parse, and their ports, probes, shutdown
 * timings and every variable name agree with the apps (the same lists as docs/running-apps.md).
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import YAML from 'yaml';
import { APPS, type AppName } from '../app-addresses.js';
import { configVariables, documentedVariables, type DocumentedVariable } from '../config/app-variables.js';
import { workspaceRoot } from '../paths.js';

const DEFAULT_PORT: Record<AppName, number> = { api: 3000, auth: 3001, graphql: 3002, 'webhook-worker': 3003 };
const DEFAULT_GRACE_MS = 10_000;
/** Read by Node and its libraries in every process (Express reads NODE_ENV), whether an app's configuration does or not. */
const PROCESS_WIDE = ['NODE_ENV', 'NODE_OPTIONS'];
const deploy = (...parts: string[]) => path.join(workspaceRoot, 'deploy', ...parts);

/** `KEY=value` lines of a unit's Environment= or an EnvironmentFile. */
const assignments = (text: string) => Object.fromEntries(text.split(/\s+/).filter((part) => part.includes('=')).map((part) => [part.slice(0, part.indexOf('=')), part.slice(part.indexOf('=') + 1)]));
const envFile = (text: string) => Object.fromEntries(text.split('\n').filter((line) => /^[A-Z]/.test(line)).map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]));

function unitDirectives(text: string): Record<string, string[]> {
  const directives: Record<string, string[]> = {};
  for (const line of text.split('\n')) {
    const match = /^([A-Za-z]+)=(.*)$/.exec(line.trim());
    if (match) (directives[match[1]!] ??= []).push(match[2]!);
  }
  return directives;
}

const seconds = (value: string) => Number(/^(\d+)s?$/.exec(value)?.[1] ?? NaN);

describe('deploy/: systemd units and Kubernetes manifests agree with the apps', () => {
  const read = {} as Record<AppName, string[]>;
  let tables: Record<AppName, DocumentedVariable[]>;
  let manifests: Array<Record<string, any>>; // eslint-disable-line @typescript-eslint/no-explicit-any

  beforeAll(async () => {
    for (const app of APPS) read[app] = configVariables(app);
    tables = await documentedVariables();
    const files = (await readdir(deploy('kubernetes'))).filter((file) => file.endsWith('.yaml'));
    manifests = [];
    for (const file of files) {
      for (const document of YAML.parseAllDocuments(await readFile(deploy('kubernetes', file), 'utf8'))) {
        expect({ file, errors: document.errors.map(String) }).toEqual({ file, errors: [] });
        manifests.push({ ...document.toJSON(), file });
      }
    }
  });

  const secretNames = (app: AppName) => tables[app].filter((row) => row.secret).map((row) => row.name);
  const find = (kind: string, name: string) => manifests.find((m) => m.kind === kind && m.metadata?.name === name);

  it.each(APPS)('systemd %s: restarts on failure, stops with SIGTERM after more than the grace, runs the bundle on its port with variables it reads', async (app) => {
    const unit = unitDirectives(await readFile(deploy('systemd', `tessera-${app}.service`), 'utf8'));
    const example = envFile(await readFile(deploy('systemd', `${app}.env.example`), 'utf8'));
    const environment = assignments((unit['Environment'] ?? []).join(' '));
    expect(unit['Restart']).toEqual(['on-failure']);
    expect(unit['KillSignal']).toEqual(['SIGTERM']);
    expect(unit['EnvironmentFile']).toEqual([`/etc/tessera/${app}.env`]);
    expect(unit['ExecStart']).toEqual([`/usr/bin/node dist/apps/${app}/main.js`]);
    expect(environment['PORT']).toBe(String(DEFAULT_PORT[app]));
    const grace = Number(example['SHUTDOWN_GRACE_MS'] ?? environment['SHUTDOWN_GRACE_MS'] ?? DEFAULT_GRACE_MS);
    expect(seconds(unit['TimeoutStopSec']![0]!) * 1000).toBeGreaterThan(grace + Number(example['SHUTDOWN_DELAY_MS'] ?? 0));
    const names = [...Object.keys(environment).filter((name) => !PROCESS_WIDE.includes(name)), ...Object.keys(example)];
    expect(names.filter((name) => !read[app].includes(name))).toEqual([]);
  });

  it('systemd migrate: runs npm run migrate once, with only DATABASE_URL', async () => {
    const unit = unitDirectives(await readFile(deploy('systemd', 'tessera-migrate.service'), 'utf8'));
    expect(unit['Type']).toEqual(['oneshot']);
    expect(unit['ExecStart']).toEqual(['/usr/bin/npm run migrate']);
    expect(Object.keys(envFile(await readFile(deploy('systemd', 'migrate.env.example'), 'utf8')))).toEqual(['DATABASE_URL']);
  });

  it.each(APPS)('kubernetes %s: port, probes on /readyz and /livez, grace above the drain, variables it reads, secrets from the Secret', (app) => {
    const name = `tessera-${app}`;
    const deployment = find('Deployment', name);
    const config = find('ConfigMap', name)?.data ?? {};
    expect(deployment).toBeDefined();
    const pod = deployment!.spec.template.spec;
    const container = pod.containers[0];
    const port = container.ports.find((p: { name: string }) => p.name === 'http');
    expect(port.containerPort).toBe(DEFAULT_PORT[app]);
    expect(Number(config['PORT'] ?? DEFAULT_PORT[app])).toBe(port.containerPort);
    const scheme = app === 'graphql' ? 'HTTPS' : 'HTTP';
    expect(container.readinessProbe.httpGet).toEqual({ path: '/readyz', port: 'http', scheme });
    expect(container.livenessProbe.httpGet).toEqual({ path: '/livez', port: 'http', scheme });
    const grace = Number(config['SHUTDOWN_GRACE_MS'] ?? DEFAULT_GRACE_MS);
    const delay = Number(config['SHUTDOWN_DELAY_MS'] ?? 0);
    expect(pod.terminationGracePeriodSeconds * 1000).toBeGreaterThan(grace + delay);
    // Endpoint removal before the listener closes, for the apps a Service sends traffic to.
    if (app !== 'webhook-worker') expect(delay > 0 || container.lifecycle?.preStop !== undefined).toBe(true);
    expect(container.envFrom).toEqual([{ configMapRef: { name } }]);

    const fromConfig = Object.keys(config);
    const fromEnv = container.env.map((variable: { name: string }) => variable.name);
    expect([...fromConfig, ...fromEnv].filter((variable) => !read[app].includes(variable))).toEqual([]);
    expect(fromConfig.filter((variable) => secretNames(app).includes(variable))).toEqual([]);
    for (const variable of container.env) expect({ name: variable.name, from: Object.keys(variable.valueFrom ?? {}) }).toEqual({ name: variable.name, from: ['secretKeyRef'] });
    const secret = find('Secret', 'tessera-secrets');
    for (const variable of container.env) expect(Object.keys(secret!.stringData)).toContain(variable.valueFrom.secretKeyRef.key);
    expect(fromEnv).toContain('DATABASE_URL');

    const service = find('Service', name);
    expect(service!.spec.selector).toEqual(deployment!.spec.selector.matchLabels);
    expect(service!.spec.ports).toEqual([{ name: 'http', port: DEFAULT_PORT[app], targetPort: 'http' }]);
  });

  it('kubernetes: the worker scales on tessera_queue_depth, and a Job runs the migrations', () => {
    const hpa = find('HorizontalPodAutoscaler', 'tessera-webhook-worker');
    expect(hpa!.spec.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: 'tessera-webhook-worker' });
    const metric = hpa!.spec.metrics[0];
    expect(['External', 'Pods']).toContain(metric.type);
    expect(metric[metric.type.toLowerCase()].metric.name).toBe('tessera_queue_depth');
    expect(manifests.filter((m) => m.kind === 'HorizontalPodAutoscaler')).toHaveLength(1);

    const job = find('Job', 'tessera-migrate');
    const container = job!.spec.template.spec.containers[0];
    expect(container.command).toEqual(['tessera', 'migrate']);
    expect(container.env.map((variable: { name: string }) => variable.name)).toEqual(['DATABASE_URL']);
    expect(manifests.filter((m) => m.kind === 'Deployment').map((m) => m.metadata.name).sort()).toEqual(APPS.map((app) => `tessera-${app}`).sort());
  });
});
