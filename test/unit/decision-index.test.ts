/**
 * docs/decisions/README.md indexes every decision record: each record is listed once, with the
 * title its own first line gives and its status, and every link of the index names a record that
 * exists. A status is `accepted`, `replaced by [N](…)` or `amended by [N](…)` (several records
 * joined by commas and a final "and"), and each record repeats its status in a `Status:` line
 * under its title, word for word as the index gives it.
 */
import fs from 'node:fs';
import path from 'node:path';

const DIR = path.join(__dirname, '..', '..', 'docs', 'decisions');
const records = fs.readdirSync(DIR).filter((f) => /^\d{4}-.*\.md$/.test(f));
const index = fs.readFileSync(path.join(DIR, 'README.md'), 'utf8');
/** The record of each row: the link of its first cell. */
const rows = index.split('\n').filter((line) => /^\| \[\d{4}\]\(/.test(line));
const linked = rows.map((row) => /^\| \[\d{4}\]\(([^)]+)\)/.exec(row)![1]!);
/** The table's columns: record, status, decision. */
const cells = (row: string) =>
  row
    .split('|')
    .slice(1, -1)
    .map((cell) => cell.trim());
const rowOf = (file: string) =>
  rows.find((line) => line.startsWith(`| [${file.slice(0, 4)}](${file})`))!;

const LINK = String.raw`\[(\d{4})\]\((\d{4}-[^)/]+\.md)\)`;
const LINKS = String.raw`${LINK}(?:, ${LINK})*(?: and ${LINK})?`;
const STATUS = new RegExp(String.raw`^(?:accepted|replaced by ${LINK}|amended by ${LINKS})$`);

/** What a status says: its kind and the records it names (number as written, file linked). */
function readStatus(status: string) {
  if (!STATUS.test(status)) return undefined;
  const named = [...status.matchAll(new RegExp(LINK, 'g'))].map((m) => ({
    number: m[1]!,
    file: m[2]!,
  }));
  const kind =
    status === 'accepted' ? 'accepted' : status.startsWith('replaced') ? 'replaced' : 'amended';
  return { kind, named };
}

/** The Status line of a record: the first line after its title that is not blank. */
function statusLineOf(text: string) {
  const lines = text.split('\n');
  const first = lines.slice(1).find((line) => line.trim() !== '');
  const all = lines.filter((line) => line.startsWith('Status:'));
  return { first, count: all.length };
}

describe('the index of decision records', () => {
  it('when the folder is listed, then every record appears in the index exactly once', () => {
    expect([...linked].sort()).toEqual([...records].sort());
  });

  it.each(records)('when %s is indexed, then its row gives the title of its first line', (file) => {
    const title = fs
      .readFileSync(path.join(DIR, file), 'utf8')
      .split('\n')[0]!
      .replace(/^# *\d+\. */, '');
    expect(cells(rowOf(file))[2]).toBe(title);
  });

  it.each(records)(
    'when %s is indexed, then its row has a status: accepted, replaced by or amended by records',
    (file) => {
      const row = rowOf(file);
      expect(cells(row)).toHaveLength(3);
      expect(readStatus(cells(row)[1]!)).toBeDefined();
    },
  );

  it.each(records)(
    'when the status of %s names records, then each is a later record that exists, linked under its own number',
    (file) => {
      const status = readStatus(cells(rowOf(file))[1]!);
      for (const { number, file: target } of status?.named ?? []) {
        expect(records).toContain(target);
        expect(target.slice(0, 4)).toBe(number);
        expect(Number(number)).toBeGreaterThan(Number(file.slice(0, 4)));
      }
    },
  );

  it.each(records)(
    'when %s is read, then the line under its title is one Status line saying what the index says',
    (file) => {
      const text = fs.readFileSync(path.join(DIR, file), 'utf8');
      const { first, count } = statusLineOf(text);
      expect(count).toBe(1);
      expect(first).toBe(`Status: ${cells(rowOf(file))[1]}.`);
    },
  );

  it('when a row has no status cell, then no status is read from it', () => {
    // The index before statuses: the second cell was the title.
    const before =
      '| [0014](0014-api-routes-before-express.md) | API routes answered before Express |';
    expect(readStatus(cells(before)[1]!)).toBeUndefined();
    expect(readStatus('replaced by 0023')).toBeUndefined();
    expect(
      readStatus('amended by [0027](0027-x.md), [0040](0040-y.md) and [0045](0045-z.md)'),
    ).toEqual({
      kind: 'amended',
      named: [
        { number: '0027', file: '0027-x.md' },
        { number: '0040', file: '0040-y.md' },
        { number: '0045', file: '0045-z.md' },
      ],
    });
  });
});
