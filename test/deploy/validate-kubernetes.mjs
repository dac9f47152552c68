// Validates Kubernetes objects (a JSON array on stdin) against the Kubernetes and Prometheus
// Operator schemas of kubernetes-models; prints one result per object as JSON. A script of its
// own because those packages are ES modules only, which Jest's CommonJS runtime cannot load.
import { text } from 'node:stream/consumers';

const MODULES = {
  v1: 'kubernetes-models/v1',
  'monitoring.coreos.com/v1': '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1',
};

async function modelOf(apiVersion, kind) {
  const specifier = MODULES[apiVersion] ?? `kubernetes-models/${apiVersion}`;
  const module = await import(specifier);
  const Model = module[kind];
  if (typeof Model !== 'function') throw new Error(`no model for ${apiVersion} ${kind}`);
  return Model;
}

const objects = JSON.parse(await text(process.stdin));
const results = [];
for (const object of objects) {
  const name = `${object.kind}/${object.metadata?.name}`;
  try {
    const Model = await modelOf(object.apiVersion, object.kind);
    new Model(object).validate();
    results.push({ name, valid: true });
  } catch (err) {
    results.push({ name, valid: false, error: String(err?.message ?? err) });
  }
}
process.stdout.write(JSON.stringify(results));
