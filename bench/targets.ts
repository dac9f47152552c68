/** The targets a run judges: one line of the results' Targets table each. */

export const pct = (v: number) => `${(v * 100).toFixed(1)}%`;

/** A ratio against the 80% targets, with how far short of them it falls. */
export const shortOf = (ratio: number) =>
  `${pct(ratio)}${ratio < 0.8 ? `, ${((0.8 - ratio) * 100).toFixed(1)} points short` : ''}`;

/** The Targets table's lines, in the order the targets were judged. */
export class Targets {
  readonly lines: string[] = [];

  judge(name: string, pass: boolean, detail: string): void {
    this.lines.push(`| ${name} | ${pass ? 'PASS' : '**MISS**'} | ${detail} |`);
  }
}
