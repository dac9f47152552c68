/**
 * `node dist/bench/profile-report.js <file> [top]`: a profile from profile-window.ts summed by
 * function, largest first: for a `.heapprofile` the sampled bytes allocated, for a `.cpuprofile`
 * the CPU time; each function's own (self) and everything under it (total), with the share.
 */
import fs from 'node:fs';
import path from 'node:path';

interface ProfileNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: ProfileNode[];
}

const [file, topArg] = process.argv.slice(2);
if (!file) {
  process.stderr.write('usage: profile-report <file.heapprofile|file.cpuprofile> [top]\n');
  process.exit(2);
}
const top = Number(topArg ?? 30);
// Piped into `head`: stop quietly when the reader has had enough.
process.stdout.on('error', () => process.exit(0));
const head = readTree(JSON.parse(fs.readFileSync(file, 'utf8')));
const cpu = file.endsWith('.cpuprofile');

interface CpuProfile {
  nodes: { id: number; callFrame: ProfileNode['callFrame']; children?: number[] }[];
  samples: number[];
  timeDeltas: number[];
}
/** A heap profile's tree as it is; a CPU profile's node list as a tree of self microseconds. */
function readTree(profile: { head: ProfileNode } | CpuProfile): ProfileNode {
  if ('head' in profile) return profile.head;
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) =>
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)),
  );
  const byId = new Map<number, ProfileNode>();
  for (const n of profile.nodes) {
    byId.set(n.id, { callFrame: n.callFrame, selfSize: self.get(n.id) ?? 0, children: [] });
  }
  for (const n of profile.nodes) {
    for (const c of n.children ?? []) byId.get(n.id)!.children.push(byId.get(c)!);
  }
  return byId.get(profile.nodes[0]!.id)!;
}

const site = (n: ProfileNode) => {
  const { functionName, url, lineNumber } = n.callFrame;
  const where = url ? `${shorten(url)}:${lineNumber + 1}` : '(native)';
  return `${functionName || '(anonymous)'} ${where}`;
};
function shorten(url: string): string {
  const p = url.replace(/^file:\/\//, '');
  const nm = p.lastIndexOf('node_modules/');
  if (nm !== -1) return p.slice(nm + 'node_modules/'.length);
  return path.relative(process.cwd(), p) || p;
}

const self = new Map<string, number>();
const total = new Map<string, number>();
let all = 0;
/** Returns the bytes under n; a site counts once per stack even when it recurses. */
function walk(n: ProfileNode, onStack: Set<string>): number {
  const key = site(n);
  self.set(key, (self.get(key) ?? 0) + n.selfSize);
  all += n.selfSize;
  const fresh = !onStack.has(key);
  if (fresh) onStack.add(key);
  let under = n.selfSize;
  for (const c of n.children) under += walk(c, onStack);
  if (fresh) {
    onStack.delete(key);
    total.set(key, (total.get(key) ?? 0) + under);
  }
  return under;
}
walk(head, new Set());

const kb = (b: number) =>
  cpu ? `${(b / 1000).toFixed(1).padStart(8)} ms` : `${(b / 1024).toFixed(0).padStart(8)} KB`;
const pct = (b: number) => `${((100 * b) / all).toFixed(1).padStart(5)}%`;
const print = (title: string, m: Map<string, number>) => {
  process.stdout.write(`\n${title}\n`);
  for (const [k, v] of [...m].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    process.stdout.write(`${kb(v)} ${pct(v)}  ${k}\n`);
  }
};
process.stdout.write(`${file}: ${kb(all).trim()} sampled\n`);
print(cpu ? 'self (time in the function itself)' : 'self (allocated in the function itself)', self);
print(cpu ? 'total (time under the function)' : 'total (allocated under the function)', total);
