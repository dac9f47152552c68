/**
 * The Kustomize base in deploy/kubernetes: rendered, validated against the Kubernetes and
 * Prometheus Operator schemas (kubernetes-models), and held to the gateway's own configuration
 * table, probes and ports, by starting a real gateway with the ConfigMap's settings.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { configFrom } from '../../src/config/config';
import { CONFIG_FILE_SETTING, GATEWAY_SETTINGS } from '../../src/config/gateway.settings';
import { settingsOf, type Setting } from '../../src/config/setting';
import { createGateway } from '../../src/gateway';
import { listen, type RunningServer } from '../../src/server';
import { argumentsOf, instructionsOf, readDockerfile } from './dockerfile';
import { only, renderKustomization, type KubeObject } from './kustomize';

const ROOT = path.resolve(__dirname, '../..');
const objects = renderKustomization(path.join(ROOT, 'deploy/kubernetes'));

interface Port {
  name: string;
  containerPort: number;
}
interface Probe {
  httpGet: { path: string; port: string };
}
interface EnvVar {
  name: string;
  valueFrom?: { secretKeyRef?: { name: string; key: string; optional?: boolean } };
}
interface Container {
  ports: Port[];
  envFrom: { configMapRef?: { name: string } }[];
  env: EnvVar[];
  livenessProbe: Probe;
  readinessProbe: Probe;
  lifecycle?: { preStop?: unknown };
  resources: { requests: Record<string, string>; limits: Record<string, string> };
  securityContext: { readOnlyRootFilesystem: boolean; allowPrivilegeEscalation: boolean };
  volumeMounts: { name: string; mountPath: string }[];
}
interface PodSpec {
  terminationGracePeriodSeconds: number;
  securityContext: { runAsNonRoot: boolean; runAsUser: number; runAsGroup: number };
  containers: Container[];
}
interface Deployment extends KubeObject {
  spec: {
    replicas: number;
    selector: { matchLabels: Record<string, string> };
    template: { metadata: { labels: Record<string, string> }; spec: PodSpec };
  };
}

const deployment = only<Deployment>(objects, 'Deployment');
const pod = deployment.spec.template.spec;
const container = pod.containers[0]!;
const configMap = only<KubeObject & { data: Record<string, string> }>(objects, 'ConfigMap');
const portNamed = (name: string) => container.ports.find((p) => p.name === name)!;

/** Every setting an operator can give the gateway: its table and CONFIG_FILE. */
const SETTINGS: Setting[] = [
  ...settingsOf(GATEWAY_SETTINGS).map((s) => s.setting),
  CONFIG_FILE_SETTING,
];
/** Settings whose values are secrets: keys and secrets, and Redis URLs (they may carry a password). */
const isSecret = (s: Setting) =>
  /SECRET|PASSWORD|_KEY$/.test(s.env) ||
  String((s.schema as { pattern?: string }).pattern).startsWith('^rediss?://');

function validate(list: KubeObject[]): Promise<{ name: string; valid: boolean; error?: string }[]> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      [path.join(__dirname, 'validate-kubernetes.mjs')],
      { cwd: ROOT },
      (err, stdout) => (err ? reject(err) : resolve(JSON.parse(stdout))),
    );
    child.stdin!.end(JSON.stringify(list));
  });
}

describe('the Kubernetes base, rendered', () => {
  it('when rendered, then it holds each object once, and every one is valid against its schema', async () => {
    expect(objects.map((o) => o.kind).sort()).toEqual([
      'ConfigMap',
      'Deployment',
      'HorizontalPodAutoscaler',
      'NetworkPolicy',
      'PodDisruptionBudget',
      'Service',
      'ServiceAccount',
      'ServiceMonitor',
    ]);
    const results = await validate(objects);
    expect(results.filter((r) => !r.valid)).toEqual([]);
    expect(results).toHaveLength(objects.length);
  });

  it('when an object breaks its schema, then the validation says so', async () => {
    const broken = structuredClone(deployment);
    (broken.spec as { replicas: unknown }).replicas = 'three';
    const [result] = await validate([broken]);
    expect(result).toEqual({
      name: 'Deployment/data-holder-gateway',
      valid: false,
      error: expect.stringContaining('replicas'),
    });
  });
});

describe('the configuration the base gives the gateway', () => {
  const fromConfigMap = Object.keys(configMap.data);
  const fromSecret = container.env
    .filter((e) => e.valueFrom?.secretKeyRef)
    .map((e) => {
      expect(e.valueFrom!.secretKeyRef).toMatchObject({ name: 'data-holder-gateway', key: e.name });
      return e.name;
    });

  it('when compared with the configuration table, then every setting is in the ConfigMap or the Secret, once', () => {
    expect([...fromConfigMap, ...fromSecret].sort()).toEqual(SETTINGS.map((s) => s.env).sort());
    expect(container.envFrom).toEqual([{ configMapRef: { name: configMap.metadata.name } }]);
  });

  it('when a setting is a secret, then it comes from the Secret and never from the ConfigMap', () => {
    const secrets = SETTINGS.filter(isSecret).map((s) => s.env);
    expect(secrets).toEqual(expect.arrayContaining(['REDIS_URL', 'CACHE_ENCRYPTION_KEY']));
    expect(fromSecret.sort()).toEqual(secrets.sort());
  });

  it('when the replicas share nothing but Redis, then REDIS_URL is required, not optional', () => {
    const redis = container.env.find((e) => e.name === 'REDIS_URL')!;
    expect(redis.valueFrom!.secretKeyRef!.optional).toBeUndefined();
  });

  it('when the ConfigMap is loaded as the gateway loads its environment, then it is valid', () => {
    const config = configFrom(configMap.data);
    expect(config.port).toBe(portNamed('http').containerPort);
    expect(config.metricsPort).toBe(portNamed('metrics').containerPort);
  });
});

describe('probes, ports and shutdown against a real gateway with the ConfigMap settings', () => {
  let running: RunningServer;
  const keys = fs.mkdtempSync(path.join(os.tmpdir(), 'dhg-k8s-'));

  beforeAll(async () => {
    const config = configFrom({
      ...configMap.data,
      PORT: 0,
      METRICS_PORT: 0,
      HOST: '127.0.0.1',
      DEV_KEYS_DIR: keys,
    });
    const gateway = await createGateway(config, { logger: pino({ level: 'silent' }) });
    running = await listen(gateway, config.port, config.host);
  });

  afterAll(async () => {
    await running.shutdown({ delayMs: 0 });
    fs.rmSync(keys, { recursive: true, force: true });
  });

  const api = (p: string) => fetch(`http://127.0.0.1:${running.port}${p}`);
  const admin = (p: string) => fetch(`http://127.0.0.1:${running.metricsPort}${p}`);

  it('when Kubernetes probes the API port, then liveness and readiness answer 200 on their paths', async () => {
    expect(container.livenessProbe.httpGet).toEqual({ path: '/livez', port: 'http' });
    expect(container.readinessProbe.httpGet).toEqual({ path: '/readyz', port: 'http' });
    expect((await api(container.livenessProbe.httpGet.path)).status).toBe(200);
    expect((await api(container.readinessProbe.httpGet.path)).status).toBe(200);
  });

  it('when the ServiceMonitor scrapes, then it reaches /metrics on the admin port, which the API port does not serve', async () => {
    const monitor = only<KubeObject & { spec: { endpoints: { port: string; path: string }[] } }>(
      objects,
      'ServiceMonitor',
    );
    const service = only<
      KubeObject & { spec: { ports: { name: string; targetPort: string; port: number }[] } }
    >(objects, 'Service');
    const [endpoint] = monitor.spec.endpoints;
    const servicePort = service.spec.ports.find((p) => p.name === endpoint!.port)!;
    expect(portNamed(servicePort.targetPort).containerPort).toBe(
      Number(configMap.data.METRICS_PORT),
    );
    const scraped = await admin(endpoint!.path);
    expect(scraped.status).toBe(200);
    expect(await scraped.text()).toContain('dhg_http_requests_total');
    expect((await api(endpoint!.path)).status).toBe(404);
  });

  it('when the Service and NetworkPolicy name ports, then they are the container ports and only those two', () => {
    const service = only<KubeObject & { spec: { ports: { targetPort: string }[] } }>(
      objects,
      'Service',
    );
    expect(service.spec.ports.map((p) => p.targetPort)).toEqual(['http', 'metrics']);
    const policy = only<
      KubeObject & { spec: { ingress: { from?: unknown[]; ports: { port: string }[] }[] } }
    >(objects, 'NetworkPolicy');
    const rules = policy.spec.ingress.map((r) => ({
      from: r.from === undefined ? 'anywhere' : 'monitoring',
      ports: r.ports.map((p) => p.port),
    }));
    expect(rules).toEqual([
      { from: 'anywhere', ports: ['http'] },
      { from: 'monitoring', ports: ['metrics'] },
    ]);
  });

  it('when the pod is stopped, then the grace period covers the pause and the drain, with no preStop sleep added', () => {
    const pauseAndDrainMs =
      Number(configMap.data.SHUTDOWN_DELAY_MS) + Number(configMap.data.SHUTDOWN_TIMEOUT_MS);
    expect(pod.terminationGracePeriodSeconds * 1000).toBeGreaterThanOrEqual(pauseAndDrainMs + 3000);
    expect(pod.terminationGracePeriodSeconds * 1000).toBeLessThanOrEqual(pauseAndDrainMs + 10000);
    expect(container.lifecycle?.preStop).toBeUndefined();
  });
});

describe('the pod', () => {
  it('when scheduled, then three replicas run with requests and limits, scaled on CPU from three', () => {
    expect(deployment.spec.replicas).toBe(3);
    for (const resource of ['cpu', 'memory']) {
      expect(container.resources.requests[resource]).toBeDefined();
      expect(container.resources.limits[resource]).toBeDefined();
    }
    const hpa = only<
      KubeObject & {
        spec: {
          minReplicas: number;
          scaleTargetRef: { kind: string; name: string };
          metrics: { resource: { name: string } }[];
        };
      }
    >(objects, 'HorizontalPodAutoscaler');
    expect(hpa.spec.minReplicas).toBe(3);
    expect(hpa.spec.scaleTargetRef).toMatchObject({
      kind: 'Deployment',
      name: 'data-holder-gateway',
    });
    expect(hpa.spec.metrics.map((m) => m.resource.name)).toEqual(['cpu']);
  });

  it('when selected, then the Deployment, Service, PDB and NetworkPolicy select the pod template labels', () => {
    const labels = deployment.spec.template.metadata.labels;
    const selectors = [
      deployment.spec.selector.matchLabels,
      only<KubeObject & { spec: { selector: Record<string, string> } }>(objects, 'Service').spec
        .selector,
      only<KubeObject & { spec: { selector: { matchLabels: Record<string, string> } } }>(
        objects,
        'PodDisruptionBudget',
      ).spec.selector.matchLabels,
      only<KubeObject & { spec: { podSelector: { matchLabels: Record<string, string> } } }>(
        objects,
        'NetworkPolicy',
      ).spec.podSelector.matchLabels,
    ];
    for (const selector of selectors) expect(labels).toMatchObject(selector);
  });

  it('when run, then it is the image user, non-root, on a read-only root with the demo key folder writable', () => {
    const runtime = readDockerfile(path.join(ROOT, 'Dockerfile')).at(-1)!;
    const [dockerUser, dockerGroup] = argumentsOf(instructionsOf(runtime, 'USER').at(-1)!)
      .split(':')
      .map(Number);
    expect(pod.securityContext).toMatchObject({
      runAsNonRoot: true,
      runAsUser: dockerUser,
      runAsGroup: dockerGroup,
    });
    expect(container.securityContext).toMatchObject({
      readOnlyRootFilesystem: true,
      allowPrivilegeEscalation: false,
    });
    // DEV_KEYS_DIR's default is <project>/.dev; the image's project folder is its WORKDIR.
    expect(container.volumeMounts.map((m) => m.mountPath)).toContain('/app/.dev');
  });
});
