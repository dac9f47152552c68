/** The demo adapter over the sample data, recording every port call that reaches it. */
import path from 'node:path';
import { createDemoAdapter, loadDemoData } from '../../adapters/demo';
import type { CoreAdapter } from '../../src/ports';

const SAMPLE = path.join(__dirname, '..', '..', 'adapters', 'demo', 'data', 'sample.json');

export interface CountingAdapter {
  adapter: CoreAdapter;
  /** `<port>.<method>` of each call, in order. */
  calls: string[];
}

export function countingDemoAdapter(): CountingAdapter {
  const inner = createDemoAdapter(loadDemoData(SAMPLE)) as unknown as Record<string, unknown>;
  const calls: string[] = [];
  const counted = (name: string, port: object) =>
    new Proxy(port, {
      get(target, prop, receiver) {
        const value: unknown = Reflect.get(target, prop, receiver);
        if (typeof value !== 'function' || typeof prop !== 'string') return value;
        return (...args: unknown[]) => {
          calls.push(`${name}.${prop}`);
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
  const adapter: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(inner)) {
    adapter[name] = value && typeof value === 'object' ? counted(name, value) : value;
  }
  return { adapter: adapter as unknown as CoreAdapter, calls };
}
