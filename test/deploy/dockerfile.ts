/**
 * Reads a Dockerfile into its stages and instructions, for tests that check what can be checked
 * without a container engine. Handles what the gateway's Dockerfile uses: comments, `\` line
 * continuations, `ARG` before the first `FROM` (substituted in `FROM`), `FROM … AS name`, JSON
 * (exec) form of `CMD`, and `COPY [--from=stage] src… dest`.
 */
import fs from 'node:fs';

export interface Instruction {
  /** Upper-case keyword: FROM, COPY, RUN, CMD, ... */
  keyword: string;
  /** Everything after the keyword, continuations joined. */
  args: string;
}

export interface Stage {
  name: string;
  image: string;
  instructions: Instruction[];
}

export interface Copy {
  from?: string;
  sources: string[];
  dest: string;
}

function logicalLines(text: string): string[] {
  const lines: string[] = [];
  let current = '';
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (current === '' && (line === '' || line.startsWith('#'))) continue;
    if (line.endsWith('\\')) {
      current += `${line.slice(0, -1)} `;
      continue;
    }
    lines.push(current + line);
    current = '';
  }
  if (current !== '') lines.push(current);
  return lines;
}

/** The stages of a Dockerfile, in order. */
export function readDockerfile(file: string): Stage[] {
  const globalArgs = new Map<string, string>();
  const stages: Stage[] = [];
  for (const line of logicalLines(fs.readFileSync(file, 'utf8'))) {
    const [keyword, ...rest] = line.split(/\s+/);
    const instruction = { keyword: keyword!.toUpperCase(), args: rest.join(' ') };
    if (instruction.keyword === 'ARG' && stages.length === 0) {
      const [name, value = ''] = instruction.args.split('=');
      globalArgs.set(name!, value);
    } else if (instruction.keyword === 'FROM') {
      const [image, as, name] = instruction.args.split(/\s+/);
      const resolved = image!.replace(/\$\{(\w+)\}/g, (_m, arg: string) => globalArgs.get(arg)!);
      stages.push({
        name: as?.toUpperCase() === 'AS' ? name! : String(stages.length),
        image: resolved,
        instructions: [],
      });
    } else {
      if (stages.length === 0) throw new Error(`${instruction.keyword} before FROM`);
      stages.at(-1)!.instructions.push(instruction);
    }
  }
  return stages;
}

/** The arguments of one COPY instruction. */
export function parseCopy(args: string): Copy {
  const words = args.split(/\s+/);
  const flags = words.filter((w) => w.startsWith('--'));
  const paths = words.filter((w) => !w.startsWith('--'));
  const from = flags.find((f) => f.startsWith('--from='))?.slice('--from='.length);
  const unknown = flags.filter((f) => !f.startsWith('--from='));
  if (unknown.length > 0) throw new Error(`COPY flags not understood: ${unknown.join(' ')}`);
  if (paths.length < 2) throw new Error(`COPY needs a source and a destination: ${args}`);
  return { from, sources: paths.slice(0, -1), dest: paths.at(-1)! };
}

/** The instructions of a stage with a keyword. */
export function instructionsOf(stage: Stage, keyword: string): Instruction[] {
  return stage.instructions.filter((i) => i.keyword === keyword);
}

/** `ENV a=b` pairs of a stage (the `key=value` form only). */
export function envOf(stage: Stage): Record<string, string> {
  const env: Record<string, string> = {};
  for (const { args } of instructionsOf(stage, 'ENV')) {
    for (const pair of args.split(/\s+/)) {
      const at = pair.indexOf('=');
      if (at < 1) throw new Error(`ENV in key=value form only: ${args}`);
      env[pair.slice(0, at)] = pair.slice(at + 1);
    }
  }
  return env;
}
