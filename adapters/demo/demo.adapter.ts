/**
 * The embedded demo core: serves a data set file (demo-core.md) in-process. Platform teams
 * integrate against it, holders try the gateway on it, and the tests run on it.
 * One file per port; this one puts them together.
 */
import type { CoreAdapter } from '../../src/ports';
import { demoBankingPort } from './demo-banking';
import { demoAuthorisationPort, demoCustomerPort } from './demo-common';
import type { DemoData } from './demo-data';
import { DemoStore } from './demo-store';

/** Builds the demo adapter over a validated data set. */
export function createDemoAdapter(data: DemoData): CoreAdapter {
  const store = new DemoStore(data);
  return {
    id: 'demo',
    authorisation: demoAuthorisationPort(store),
    customer: demoCustomerPort(store),
    banking: demoBankingPort(store),
  };
}
