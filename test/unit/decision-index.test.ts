/**
 * docs/decisions/README.md indexes every decision record: each record is listed once, with the
 * title its own first line gives, and every link of the index names a record that exists.
 */
import fs from 'node:fs';
import path from 'node:path';

const DIR = path.join(__dirname, '..', '..', 'docs', 'decisions');
const records = fs.readdirSync(DIR).filter((f) => /^\d{4}-.*\.md$/.test(f));
const index = fs.readFileSync(path.join(DIR, 'README.md'), 'utf8');
/** The record of each row: the link of its first cell. */
const rows = index.split('\n').filter((line) => /^\| \[\d{4}\]\(/.test(line));
const linked = rows.map((row) => /^\| \[\d{4}\]\(([^)]+)\)/.exec(row)![1]!);
const cell = (row: string) => row.split('|')[2]!.trim();

describe('the index of decision records', () => {
  it('when the folder is listed, then every record appears in the index exactly once', () => {
    expect([...linked].sort()).toEqual([...records].sort());
  });

  it.each(records)('when %s is indexed, then its row gives the title of its first line', (file) => {
    const title = fs
      .readFileSync(path.join(DIR, file), 'utf8')
      .split('\n')[0]!
      .replace(/^# *\d+\. */, '');
    const row = rows.find((line) => line.startsWith(`| [${file.slice(0, 4)}](${file})`))!;
    expect(cell(row)).toBe(title);
  });
});
