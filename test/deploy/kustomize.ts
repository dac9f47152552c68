/**
 * Renders a Kustomize folder the way `kubectl kustomize` does for the fields the gateway's
 * kustomizations use: resources (files, and folders rendered in turn), `namespace`, `images`,
 * `patches` by file (strategic merge: maps merge, lists of named items merge by name, other lists
 * are replaced) and `secretGenerator` (env files and files, with fixed names). Any other field is
 * refused, so that a transform added later cannot go unrendered (and untested) here. Its output
 * was compared with `kubectl kustomize` (v5.5.0), object by object: identical.
 */
import fs from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';

/** A Kubernetes object, loosely typed: the tests read what they check. */
export interface KubeObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
  [field: string]: unknown;
}

interface Kustomization {
  kind: string;
  resources?: string[];
  namespace?: string;
  images?: { name: string; newName?: string; newTag?: string }[];
  patches?: { path: string }[];
  secretGenerator?: {
    name: string;
    envs?: string[];
    files?: string[];
    options?: { disableNameSuffixHash?: boolean };
  }[];
}

const UNDERSTOOD = new Set([
  'apiVersion',
  'kind',
  'resources',
  'namespace',
  'images',
  'patches',
  'secretGenerator',
]);

/** Files read instead of the disk's, by path relative to the folder rendered (e.g. secrets). */
export type GivenFiles = Readonly<Record<string, string>>;

type Json = unknown;
const isMap = (v: Json): v is Record<string, Json> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const named = (v: Json): v is { name: string } => isMap(v) && typeof v.name === 'string';

/** Strategic merge as kustomize applies it to the fields used here. */
function merge(base: Json, patch: Json): Json {
  if (isMap(base) && isMap(patch)) {
    const out: Record<string, Json> = { ...base };
    for (const [key, value] of Object.entries(patch))
      out[key] = key in base ? merge(base[key], value) : value;
    return out;
  }
  if (Array.isArray(base) && Array.isArray(patch) && [...base, ...patch].every(named)) {
    // Items the base lacks come first, then the base's, each merged with its patch.
    const added = patch.filter((p) => !base.some((b) => b.name === p.name));
    return [
      ...added,
      ...base.map((b) => {
        const p = patch.find((item) => item.name === b.name);
        return p ? merge(b, p) : b;
      }),
    ];
  }
  return patch;
}

function envFile(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    const at = trimmed.indexOf('=');
    out[trimmed.slice(0, at)] = trimmed.slice(at + 1);
  }
  return out;
}

function generatedSecrets(
  spec: NonNullable<Kustomization['secretGenerator']>,
  read: (file: string) => string,
): KubeObject[] {
  return spec.map((g) => {
    if (g.options?.disableNameSuffixHash !== true)
      throw new Error(`secretGenerator ${g.name}: only fixed names are rendered here`);
    const entries: Record<string, string> = {};
    for (const file of g.envs ?? []) Object.assign(entries, envFile(read(file)));
    for (const file of g.files ?? []) entries[path.basename(file)] = read(file);
    const data = Object.fromEntries(
      Object.entries(entries)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => [k, Buffer.from(v).toString('base64')]),
    );
    return { apiVersion: 'v1', kind: 'Secret', metadata: { name: g.name }, type: 'Opaque', data };
  });
}

function setImages(objects: KubeObject[], images: NonNullable<Kustomization['images']>): void {
  for (const o of objects) {
    const spec = (o.spec as { template?: { spec?: { containers?: { image: string }[] } } })
      ?.template?.spec;
    for (const c of spec?.containers ?? []) {
      const [name, tag] = c.image.split(':');
      const image = images.find((i) => i.name === name);
      if (image) c.image = `${image.newName ?? name}:${image.newTag ?? tag}`;
    }
  }
}

/** The objects of the Kustomization in `dir`, as kubectl would apply them. */
export function renderKustomization(dir: string, given: GivenFiles = {}): KubeObject[] {
  const read = (file: string) => given[file] ?? fs.readFileSync(path.join(dir, file), 'utf8');
  const kustomization = yaml.load(read('kustomization.yaml')) as Kustomization;
  const unknown = Object.keys(kustomization).filter((k) => !UNDERSTOOD.has(k));
  if (unknown.length > 0)
    throw new Error(
      `kustomization.yaml fields this renderer does not apply: ${unknown.join(', ')}`,
    );
  if (kustomization.kind !== 'Kustomization') throw new Error('not a Kustomization');
  let objects = (kustomization.resources ?? []).flatMap((file) => {
    if (fs.statSync(path.join(dir, file)).isDirectory())
      return renderKustomization(path.join(dir, file));
    return yaml.loadAll(read(file)).filter((doc) => doc !== null) as KubeObject[];
  });
  objects.push(...generatedSecrets(kustomization.secretGenerator ?? [], read));
  for (const { path: file } of kustomization.patches ?? []) {
    const patch = yaml.load(read(file)) as KubeObject;
    const at = objects.findIndex(
      (o) => o.kind === patch.kind && o.metadata.name === patch.metadata.name,
    );
    if (at < 0) throw new Error(`${file}: no ${patch.kind} ${patch.metadata.name} to patch`);
    objects[at] = merge(objects[at], patch) as KubeObject;
  }
  setImages(objects, kustomization.images ?? []);
  if (kustomization.namespace !== undefined) {
    const namespace = kustomization.namespace;
    objects = objects.map((o) => ({ ...o, metadata: { ...o.metadata, namespace } }));
  }
  return objects;
}

/** The one object of a kind. */
export function only<T = KubeObject>(objects: KubeObject[], kind: string): T {
  const found = objects.filter((o) => o.kind === kind);
  if (found.length !== 1) throw new Error(`expected one ${kind}, found ${found.length}`);
  return found[0] as T;
}
