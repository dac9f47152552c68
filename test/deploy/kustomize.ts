/**
 * Renders the Kustomize base the way `kubectl kustomize` does for the fields it uses: a plain list
 * of resource files, no transformers. Any other field in kustomization.yaml is refused, so that a
 * transform added there cannot go unrendered (and untested) here.
 */
import fs from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';

/** A Kubernetes object, loosely typed: the tests read what they check. */
export interface KubeObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string> };
  [field: string]: unknown;
}

const UNDERSTOOD = new Set(['apiVersion', 'kind', 'resources']);

export function renderKustomization(dir: string): KubeObject[] {
  const kustomization = yaml.load(
    fs.readFileSync(path.join(dir, 'kustomization.yaml'), 'utf8'),
  ) as Record<string, unknown>;
  const unknown = Object.keys(kustomization).filter((k) => !UNDERSTOOD.has(k));
  if (unknown.length > 0)
    throw new Error(
      `kustomization.yaml fields this renderer does not apply: ${unknown.join(', ')}`,
    );
  if (kustomization.kind !== 'Kustomization') throw new Error('not a Kustomization');
  return (kustomization.resources as string[]).flatMap((file) => {
    if (fs.statSync(path.join(dir, file)).isDirectory())
      throw new Error(`${file}: nested kustomizations are not rendered here`);
    return yaml
      .loadAll(fs.readFileSync(path.join(dir, file), 'utf8'))
      .filter((doc) => doc !== null) as KubeObject[];
  });
}

/** The one object of a kind. */
export function only<T = KubeObject>(objects: KubeObject[], kind: string): T {
  const found = objects.filter((o) => o.kind === kind);
  if (found.length !== 1) throw new Error(`expected one ${kind}, found ${found.length}`);
  return found[0] as T;
}
