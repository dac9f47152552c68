/**
 * The refusal file on disk: read once at start-up (a bad file stops it, naming the file and the
 * entries), then re-read whenever it changes, without a restart. Changes are noticed by watching
 * the file's folder (an editor that saves by renaming a new file over the old one, and a
 * Kubernetes ConfigMap whose `..data` symlink is swapped, both show up as events in the folder,
 * never on the old file) and, where folder events are not delivered (some network and overlay
 * file systems), by comparing the file's identity, size and times every few seconds. A re-read
 * that fails keeps the last good list and logs why; problems never carry the ids of the file.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
import { ConfigError } from '../config/config-error';
import { describeError } from '../errors/error-log';
import { parseRefusalList, RefusalList } from './refusal-list';

/** The setting that names the file, as problems start with it. */
const SETTING = 'SHARING_REFUSALS_FILE';

/** The file's problems, or its list. */
function readList(file: string): { list?: RefusalList; problems: string[] } {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? 'unknown error';
    return { problems: [`cannot read the file (${code})`] };
  }
  const parsed = parseRefusalList(text);
  return parsed.ok ? { list: parsed.list, problems: [] } : { problems: parsed.problems };
}

/** Each problem as `check` and start-up show it: the setting, the file, the entry. */
export function refusalFileProblems(file: string): string[] {
  return readList(file).problems.map((p) => `${SETTING}: ${file}: ${p}`);
}

/** Reads the file at start-up. @throws ConfigError naming the file and every bad entry */
export function loadRefusalFile(file: string): RefusalList {
  const { list, problems } = readList(file);
  if (!list) throw new ConfigError(problems.map((p) => `${SETTING}: ${file}: ${p}`));
  return list;
}

/** What tells a changed file from the one read last: identity, size and times (symlinks followed). */
function signatureOf(file: string): string {
  try {
    const s = fs.statSync(file, { bigint: true });
    return `${s.dev}:${s.ino}:${s.size}:${s.mtimeNs}:${s.ctimeNs}`;
  } catch (err) {
    return `missing:${(err as NodeJS.ErrnoException).code ?? ''}`;
  }
}

export interface WatchOptions {
  logger: Logger;
  /** Called after each re-read, with its outcome. */
  onReload?: (outcome: 'ok' | 'error') => void;
  /** Milliseconds between two comparisons of the file's signature. Default 2000. */
  pollMs?: number;
  /** Milliseconds a burst of folder events is let settle before the file is read. Default 50. */
  settleMs?: number;
}

/** The list of a file kept current: `current()` is always the last good list. */
export class WatchedRefusalFile {
  private list: RefusalList;
  private signature: string;
  private watcher: fs.FSWatcher | undefined;
  private readonly poll: NodeJS.Timeout;
  private settle: NodeJS.Timeout | undefined;

  constructor(
    readonly file: string,
    private readonly options: WatchOptions,
  ) {
    this.signature = signatureOf(file);
    this.list = loadRefusalFile(file);
    this.watcher = this.watchFolder();
    this.poll = setInterval(() => this.checkForChange(), options.pollMs ?? 2000);
    this.poll.unref();
  }

  /** The last good list. */
  current(): RefusalList {
    return this.list;
  }

  close(): void {
    clearInterval(this.poll);
    clearTimeout(this.settle);
    this.watcher?.close();
    this.watcher = undefined;
  }

  private watchFolder(): fs.FSWatcher | undefined {
    try {
      const watcher = fs.watch(path.dirname(this.file), { persistent: false }, () => {
        clearTimeout(this.settle);
        this.settle = setTimeout(() => this.checkForChange(), this.options.settleMs ?? 50);
        this.settle.unref();
      });
      watcher.on('error', (err) => {
        this.options.logger.warn(
          { file: this.file, err: describeError(err) },
          'sharing refusal file: folder watch failed; changes are still noticed within seconds',
        );
        watcher.close();
        if (this.watcher === watcher) this.watcher = undefined;
      });
      return watcher;
    } catch (err) {
      this.options.logger.warn(
        { file: this.file, err: describeError(err) },
        'sharing refusal file: cannot watch its folder; changes are still noticed within seconds',
      );
      return undefined;
    }
  }

  /** Re-reads the file when its signature changed since the last read. */
  private checkForChange(): void {
    const signature = signatureOf(this.file);
    if (signature === this.signature) return;
    this.signature = signature;
    const { list, problems } = readList(this.file);
    if (list) {
      this.list = list;
      this.options.logger.info(
        { file: this.file, entries: list.size },
        'sharing refusal list reloaded',
      );
      this.options.onReload?.('ok');
      return;
    }
    this.options.logger.warn(
      { file: this.file, problems, entries: this.list.size },
      'sharing refusal list not reloaded: the file is invalid; the last good list stays in force',
    );
    this.options.onReload?.('error');
  }
}
