/**
 * The built-in adapter kind `proxy`: a core that already speaks the interface. The gateway passes
 * the families it serves through to it (family-proxy.ts), and asks it, as any core, for the
 * authorisation list (merged with the other cores'), the customer detail, and the consent
 * flow's customer search and identity its ports need.
 * Its settings block is {@link proxySettingsSchema}, `<ID>_BASE_URL` and the rest.
 */
import type { AdapterModule, CoreAdapter } from '../ports';
import { proxyPorts } from './proxy-ports';
import { proxySettingsFrom, proxySettingsSchema } from './proxy-settings';

/** The kind `CORE_ADAPTER`/`CORE_ADAPTERS` name a pass-through instance by. */
export const PROXY_KIND = 'proxy';

export const proxyAdapterModule: AdapterModule = {
  id: PROXY_KIND,
  configSchema: proxySettingsSchema,
  async create({ config }): Promise<CoreAdapter> {
    const ports = proxyPorts(proxySettingsFrom(config));
    return {
      id: PROXY_KIND,
      authorisation: { listShareableAccounts: ports.listShareableAccounts },
      customer: {
        getCustomerDetail: ports.getCustomerDetail,
        searchCustomersByEmail: ports.searchCustomersByEmail,
        getCustomerIdentity: ports.getCustomerIdentity,
      },
      close: () => ports.close(),
    };
  },
};
