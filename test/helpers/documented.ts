/**
 * The shell blocks of the documentation, read by the tests that run a user's path exactly as a
 * page writes it: a test runs the page's own commands, so the page and the product cannot drift.
 */
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

/** The ```sh blocks of the section under `heading` (a whole heading line, e.g. `### Foo`). */
export function shellBlocks(page: string, heading: string): string[] {
  return codeBlocks(page, heading, 'sh');
}

/** The code blocks of one language (```dockerfile, ```sh) of the section under `heading`. */
export function codeBlocks(page: string, heading: string, language: string): string[] {
  const text = fs.readFileSync(path.join(ROOT, page), 'utf8');
  const start = text.split('\n').findIndex((line) => line === heading);
  if (start < 0) throw new Error(`${page} has no heading "${heading}"`);
  const level = /^#+/.exec(heading)![0].length;
  const lines = text.split('\n').slice(start + 1);
  let fenced = false; // a shell comment in a code block is no heading
  const end = lines.findIndex((line) => {
    if (line.startsWith('```')) fenced = !fenced;
    const hashes = fenced ? undefined : /^(#+) /.exec(line)?.[1]!.length;
    return hashes !== undefined && hashes <= level;
  });
  const section = lines.slice(0, end < 0 ? undefined : end).join('\n');
  return [...section.matchAll(new RegExp(`\`\`\`${language}\\n([\\s\\S]*?)\`\`\``, 'g'))].map(
    (m) => m[1]!,
  );
}

/** The pages a user reads: the README and docs/*.md (the decision records aside). */
export function userPages(): string[] {
  const docs = fs.readdirSync(path.join(ROOT, 'docs')).filter((name) => name.endsWith('.md'));
  return ['README.md', ...docs.map((name) => `docs/${name}`)];
}

/**
 * The comment that marks a ```sh block whose every command runs as written in a clone after
 * `npm ci`, built or not: test/cli/documented-commands.fresh-clone.test.ts runs each of them.
 */
export const CLONE_MARKER = '<!-- runs in a clone';

/** The ```sh blocks of every user page right under a {@link CLONE_MARKER} comment. */
export function cloneBlocks(): { page: string; block: string }[] {
  return userPages().flatMap((page) => {
    const text = fs.readFileSync(path.join(ROOT, page), 'utf8');
    const marked = new RegExp(
      `^${CLONE_MARKER}[^\\n]*-->\\n\\n\`\`\`sh\\n([\\s\\S]*?)\`\`\``,
      'gm',
    );
    return [...text.matchAll(marked)].map((m) => ({ page, block: m[1]! }));
  });
}

/** A block's commands: comment lines and blank lines dropped, continued lines joined. */
export function commandsOf(block: string): string[] {
  return block
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

/**
 * The commands of a markdown text's ```sh blocks that call the `data-holder-gateway` command by
 * its bare name (after any `NAME=value` assignments): on PATH only where the package is installed
 * globally, so neither in a clone nor in a production copy, where `npx data-holder-gateway` runs.
 */
export function bareGatewayCommands(markdown: string): string[] {
  const blocks = [...markdown.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!);
  const assignment = /^\w+=(?:'[^']*'|"[^"]*"|\S*)\s+/;
  const bare = (simple: string) => {
    let rest = simple.trim();
    for (let m = assignment.exec(rest); m; m = assignment.exec(rest))
      rest = rest.slice(m[0].length);
    return /^data-holder-gateway\b/.test(rest);
  };
  // Each simple command of a list or pipeline, and of a command substitution.
  return blocks
    .flatMap(commandsOf)
    .filter((command) => command.split(/&&|\|\||;|\||\$\(/).some(bare));
}

/**
 * A block cut at its comment lines that start with one of `markers` (e.g. `# on the host`): the
 * part before the first marker, then one part per marker, each a shell script of its own.
 */
export function partsOf(block: string, markers: string[]): string[] {
  const parts: string[] = [];
  let current: string[] = [];
  for (const line of block.split('\n')) {
    if (markers.some((marker) => line.startsWith(marker))) {
      parts.push(current.join('\n'));
      current = [];
    }
    current.push(line);
  }
  parts.push(current.join('\n'));
  if (parts.length !== markers.length + 1)
    throw new Error(`block not cut at every one of ${markers.join(', ')}:\n${block}`);
  return parts;
}

/** The production copy's paths: the arguments of docs/operations.md's `tar -czf` after the archive. */
export function productionCopyPaths(): string[] {
  const [block] = shellBlocks('docs/operations.md', '### A production copy');
  const tar = /^tar -czf \S+((?: \\\n|[^\n])*)/m.exec(block ?? '');
  if (!tar) throw new Error('docs/operations.md, A production copy: no tar -czf command');
  return tar[1]!.replace(/\\\n/g, ' ').trim().split(/\s+/);
}
