/**
 * The refusal file watcher: what it logs when a re-read succeeds or fails (problems by entry,
 * never an id of the file), and that it keeps the last good list.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { WatchedRefusalFile } from '../../src/refusals/refusal-file';
import { captureLogger } from '../helpers/log-capture';
import { waitFor } from '../helpers/wait';

const SECRET_CUSTOMER = 'cust-7f3a91';
const SECRET_ACCOUNT = 'acct-55b2e0';

/** Waits until `check` holds: the file is re-read by the watcher. */
const until = (check: () => boolean) => waitFor(check, 'the file re-read');

describe('the watched refusal file', () => {
  let file: string;
  let watched: WatchedRefusalFile;
  const { logger, lines } = captureLogger('info');
  const outcomes: string[] = [];

  beforeAll(() => {
    file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'dhg-refusal-unit-')), 'list.json');
    fs.writeFileSync(
      file,
      JSON.stringify([{ customerId: SECRET_CUSTOMER, accountId: SECRET_ACCOUNT, reason: 'harm' }]),
    );
    watched = new WatchedRefusalFile(file, {
      logger,
      onReload: (o) => outcomes.push(o),
      pollMs: 100,
    });
  });
  afterAll(() => watched.close());

  it('when it starts, then the list of the file is in force', () => {
    expect(watched.current().account(SECRET_CUSTOMER, SECRET_ACCOUNT)).toBe('harm');
    expect(watched.current().customer(SECRET_CUSTOMER)).toBeUndefined();
  });

  it('when a re-read finds bad entries, then it logs them by entry, without any id, and keeps the last good list', async () => {
    fs.writeFileSync(
      file,
      JSON.stringify([
        { customerId: SECRET_CUSTOMER, reason: 'blocked' },
        { customerId: SECRET_CUSTOMER, accountId: SECRET_ACCOUNT, reason: `${SECRET_ACCOUNT}!` },
      ]),
    );
    await until(() => outcomes.includes('error'));
    const line = JSON.parse(lines.find((l) => l.includes('not reloaded'))!);
    expect(line).toMatchObject({
      level: 40,
      file,
      problems: ['/1/reason: must be one of "harm", "blocked", "suspended"'],
      entries: 1,
    });
    expect(lines.join('\n')).not.toMatch(new RegExp(`${SECRET_CUSTOMER}|${SECRET_ACCOUNT}`));
    expect(watched.current().account(SECRET_CUSTOMER, SECRET_ACCOUNT)).toBe('harm');
    expect(watched.current().customer(SECRET_CUSTOMER)).toBeUndefined();
  });

  it('when a re-read finds text that is not JSON, then the problem quotes none of it', async () => {
    const count = outcomes.length;
    fs.writeFileSync(file, `[{"customerId": "${SECRET_CUSTOMER}" "reason": "harm"}]`);
    await until(() => outcomes.length > count);
    expect(outcomes.at(-1)).toBe('error');
    expect(lines.at(-1)).toMatch(/not valid JSON/);
    expect(lines.join('\n')).not.toContain(SECRET_CUSTOMER);
  });

  it('when a re-read succeeds, then the new list is in force and the count of entries is logged', async () => {
    fs.writeFileSync(file, JSON.stringify([{ customerId: SECRET_CUSTOMER, reason: 'suspended' }]));
    await until(() => outcomes.at(-1) === 'ok');
    expect(watched.current().customer(SECRET_CUSTOMER)).toBe('suspended');
    expect(watched.current().account(SECRET_CUSTOMER, SECRET_ACCOUNT)).toBeUndefined();
    expect(JSON.parse(lines.at(-1)!)).toMatchObject({ level: 30, file, entries: 1 });
  });
});
