/**
 * A Dockerfile read into its stages (dockerfile-ast parses it: continuations, comments, flags,
 * JSON forms, `ARG`s before the first `FROM` expanded), and its COPY instructions replayed into a
 * folder that stands for the image's file system, for tests that check what can be checked
 * without a container engine.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Copy as CopyInstruction, DockerfileParser, Env, type Instruction } from 'dockerfile-ast';

export interface Stage {
  name: string;
  /** The base image, variables expanded. */
  image: string;
  instructions: Instruction[];
}

export interface Copy {
  from?: string;
  sources: string[];
  dest: string;
}

/** The stages of a Dockerfile, in order. */
export function readDockerfile(file: string): Stage[] {
  return parseDockerfile(fs.readFileSync(file, 'utf8'));
}

/** The stages of a Dockerfile's text (a page's ```dockerfile block), in order. */
export function parseDockerfile(text: string): Stage[] {
  const dockerfile = DockerfileParser.parse(text);
  const stages: Stage[] = [];
  for (const instruction of dockerfile.getInstructions()) {
    if (instruction.getKeyword() === 'FROM') {
      const [image, as, name] = instruction.getExpandedArguments().map((a) => a.getValue());
      stages.push({
        name: as?.toUpperCase() === 'AS' ? name! : String(stages.length),
        image: image!,
        instructions: [],
      });
    } else if (stages.length > 0) {
      stages.at(-1)!.instructions.push(instruction);
    }
  }
  return stages;
}

/** The instructions of a stage with a keyword. */
export function instructionsOf(stage: Stage, keyword: string): Instruction[] {
  return stage.instructions.filter((i) => i.getKeyword() === keyword);
}

/** An instruction's arguments as written (the JSON of an exec form, the text of a shell form). */
export function argumentsOf(instruction: Instruction): string {
  return instruction.getArgumentsContent() ?? '';
}

/** The COPY instructions of a stage: `--from`, sources and destination. */
export function copiesOf(stage: Stage): Copy[] {
  return copiesIn(instructionsOf(stage, 'COPY'));
}

/** The COPY instructions before the stage's first RUN (what its install step sees), and after. */
export function copiesAroundFirstRun(stage: Stage): { before: Copy[]; after: Copy[] } {
  const firstRun = stage.instructions.findIndex((i) => i.getKeyword() === 'RUN');
  const copies = (list: Instruction[]) => copiesIn(list.filter((i) => i.getKeyword() === 'COPY'));
  return {
    before: copies(stage.instructions.slice(0, firstRun)),
    after: copies(stage.instructions.slice(firstRun)),
  };
}

function copiesIn(instructions: Instruction[]): Copy[] {
  return instructions.map((instruction) => {
    const copy = instruction as CopyInstruction;
    const flags = copy.getFlags().map((f) => f.getName());
    if (flags.some((f) => f !== 'from')) throw new Error(`COPY flags not understood: ${flags}`);
    const paths = copy.getArguments().map((a) => a.getValue());
    return {
      from: copy.getFromFlag()?.getValue() ?? undefined,
      sources: paths.slice(0, -1),
      dest: paths.at(-1)!,
    };
  });
}

/** The `ENV` variables a stage sets. */
export function envOf(stage: Stage): Record<string, string> {
  return Object.fromEntries(
    instructionsOf(stage, 'ENV').flatMap((i) =>
      (i as Env).getProperties().map((p) => [p.getName(), p.getValue() ?? '']),
    ),
  );
}

/** The stage's working directory: its last `WORKDIR` (absolute, as the gateway's Dockerfile has). */
export function workdirOf(stage: Stage): string {
  const workdir = instructionsOf(stage, 'WORKDIR').at(-1);
  if (!workdir) throw new Error(`stage ${stage.name} has no WORKDIR`);
  return argumentsOf(workdir);
}

/** Where a path of the image (absolute, or relative to `workdir`) lands in the folder standing for `workdir`. */
export function inImage(folder: string, imagePath: string, workdir: string): string {
  const absolute = path.posix.resolve(workdir, imagePath);
  return path.join(folder, path.posix.relative(workdir, absolute));
}

/** What a COPY reads from. */
export interface CopySources {
  /** The build context's folder. */
  context: string;
  /** Whether a path of the context (relative to it) is left out by the context's .dockerignore. */
  ignored?: (fromContext: string) => boolean;
  /** The folder that stands for a stage named by `--from`. */
  stage?: (name: string) => string;
}

/**
 * Docker's COPY into the folder that stands for an image whose working directory is `workdir`: a
 * folder's content into the destination, files into a folder ending in `/`.
 */
export function applyCopy(copy: Copy, folder: string, workdir: string, from: CopySources): void {
  for (const source of copy.sources) {
    const origin = copy.from
      ? inImage(from.stage!(copy.from), source, workdir)
      : path.join(from.context, source);
    const dest = inImage(folder, copy.dest, workdir);
    const target =
      copy.dest.endsWith('/') && !fs.statSync(origin).isDirectory()
        ? path.join(dest, path.basename(origin))
        : dest;
    fs.cpSync(origin, target, {
      recursive: true,
      filter: (src) =>
        copy.from !== undefined || !(from.ignored?.(path.relative(from.context, src)) ?? false),
    });
  }
}
