/**
 * The production overlay in deploy/kubernetes-production, as its comments tell an operator to use
 * it: secrets.env written from secrets.env.example and the signing key made with `clients
 * signing-key`, then rendered as kubectl would, validated against the Kubernetes schemas, and the
 * configuration it gives the pod run through every start-up check `serve` makes.
 */
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generatePlatformKeyJson } from '../../src/auth/platform-tokens';
import { configurationProblems } from '../../src/cli/check';
import { configFrom } from '../../src/config/config';
import { only, renderKustomization, type KubeObject } from './kustomize';

const ROOT = path.resolve(__dirname, '../..');
const OVERLAY = path.join(ROOT, 'deploy/kubernetes-production');
const read = (file: string) => fs.readFileSync(path.join(OVERLAY, file), 'utf8');

interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: { secretKeyRef?: { name: string; key: string; optional?: boolean } };
}
interface Container {
  image: string;
  env: EnvVar[];
  volumeMounts: { name: string; mountPath: string }[];
}
interface Deployment extends KubeObject {
  spec: {
    template: {
      spec: {
        containers: Container[];
        volumes: { name: string; secret?: { secretName: string } }[];
      };
    };
  };
}
type Secret = KubeObject & { data: Record<string, string> };

/** The values an operator would write into secrets.env, for each key of the example. */
const SECRET_VALUES: Record<string, string> = {
  REDIS_URL: 'redis://redis.bank.internal:6379',
  CACHE_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
  PAGING_SECRET: 'p'.repeat(64),
  PLATFORM_CLIENT_HASH_KEY: 'h'.repeat(64),
  FINERACT_USERNAME: 'gateway',
  FINERACT_PASSWORD: 'a-password',
};

function validate(list: KubeObject[]): Promise<{ name: string; valid: boolean }[]> {
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

let objects: KubeObject[];
let keyJson: string;
/** What `ids new-key` writes. */
const idKey = `${crypto.randomBytes(32).toString('hex')}\n`;

beforeAll(async () => {
  const example = read('secrets.env.example')
    .split('\n')
    .filter((l) => /^[A-Z_]+=/.test(l))
    .map((l) => l.slice(0, l.indexOf('=')));
  const secretsEnv = example.map((k) => `${k}=${SECRET_VALUES[k]}`).join('\n');
  keyJson = await generatePlatformKeyJson();
  objects = renderKustomization(OVERLAY, {
    'secrets.env': secretsEnv,
    'platform-signing-key.json': keyJson,
    'id.key': idKey,
  });
});

describe('the production overlay', () => {
  it('when rendered with the files its comments ask for, then it holds the base and both Secrets, all valid, in its namespace', async () => {
    expect(objects.map((o) => `${o.kind}/${o.metadata.name}`).sort()).toEqual([
      'ConfigMap/data-holder-gateway',
      'Deployment/data-holder-gateway',
      'HorizontalPodAutoscaler/data-holder-gateway',
      'NetworkPolicy/data-holder-gateway',
      'PodDisruptionBudget/data-holder-gateway',
      'Secret/data-holder-gateway',
      'Secret/data-holder-gateway-id-key',
      'Secret/data-holder-gateway-platform-key',
      'Service/data-holder-gateway',
      'ServiceAccount/data-holder-gateway',
      'ServiceMonitor/data-holder-gateway',
    ]);
    expect(new Set(objects.map((o) => o.metadata.namespace))).toEqual(
      new Set(['data-holder-gateway']),
    );
    const results = await validate(objects);
    expect(results.filter((r) => !r.valid)).toEqual([]);
    const deployment = only<Deployment>(objects, 'Deployment');
    expect(deployment.spec.template.spec.containers[0]!.image).toBe(
      'registry.example.com/bank/data-holder-gateway:0.1.0',
    );
  });

  it('when the pod reads its Secret, then every key it needs is in secrets.env.example', () => {
    const container = only<Deployment>(objects, 'Deployment').spec.template.spec.containers[0]!;
    const secret = only<Secret>(
      objects.filter((o) => o.metadata.name === 'data-holder-gateway'),
      'Secret',
    );
    const required = container.env
      .filter((e) => e.valueFrom?.secretKeyRef && !e.valueFrom.secretKeyRef.optional)
      .map((e) => e.valueFrom!.secretKeyRef!.key);
    expect(required).toEqual(expect.arrayContaining(['REDIS_URL', 'FINERACT_PASSWORD']));
    for (const key of required) expect(Object.keys(secret.data)).toContain(key);
  });

  it('when the pod starts with this configuration, then every check serve makes passes, with a real core and the platform key set', async () => {
    const deployment = only<Deployment>(objects, 'Deployment');
    const pod = deployment.spec.template.spec;
    const container = pod.containers[0]!;
    const configMap = only<KubeObject & { data: Record<string, string> }>(objects, 'ConfigMap');
    const secrets = new Map(
      objects.filter((o): o is Secret => o.kind === 'Secret').map((s) => [s.metadata.name, s.data]),
    );
    const env: Record<string, string> = { ...configMap.data, NODE_ENV: 'production' };
    for (const e of container.env) {
      const ref = e.valueFrom?.secretKeyRef;
      const value = ref && secrets.get(ref.name)?.[ref.key];
      if (value !== undefined) env[e.name] = Buffer.from(value, 'base64').toString('utf8');
    }
    // The signing key file is where the pod mounts the key's Secret.
    const keyVolume = pod.volumes.find(
      (v) => v.secret?.secretName === 'data-holder-gateway-platform-key',
    )!;
    const mount = container.volumeMounts.find((m) => m.name === keyVolume.name)!;
    const [keyName] = Object.keys(secrets.get('data-holder-gateway-platform-key')!);
    expect(env.PLATFORM_SIGNING_KEY_FILE).toBe(`${mount.mountPath}/${keyName}`);
    const local = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'dhg-overlay-')), keyName!);
    fs.writeFileSync(local, keyJson);

    // The id key likewise.
    const idVolume = pod.volumes.find(
      (v) => v.secret?.secretName === 'data-holder-gateway-id-key',
    )!;
    const idMount = container.volumeMounts.find((m) => m.name === idVolume.name)!;
    expect(env.ID_KEY_FILE).toBe(`${idMount.mountPath}/id.key`);
    const localIdKey = path.join(path.dirname(local), 'id.key');
    fs.writeFileSync(localIdKey, idKey);
    const files = { PLATFORM_SIGNING_KEY_FILE: local, ID_KEY_FILE: localIdKey };

    const config = configFrom({ ...env, ...files });
    expect({ core: config.coreAdapter, devKeys: config.devKeys }).toEqual({
      core: 'fineract',
      devKeys: false,
    });
    expect(await configurationProblems({ ...env, ...files })).toEqual([]);
  });

  it("when an operator reads it, then it names the ServiceMonitor's CRD as a prerequisite", () => {
    expect(read('kustomization.yaml')).toContain('servicemonitors.monitoring.coreos.com');
    expect(read('.gitignore').split('\n')).toEqual(
      expect.arrayContaining(['secrets.env', 'platform-signing-key.json', 'id.key']),
    );
  });
});
