/** Where each core family lives on the gateway: the part of its paths a proxy's base URL replaces. */
import type { CoreFamily } from '../config/core-layout';

export const CORE_FAMILY_SPACES: Readonly<Record<CoreFamily, string>> = {
  banking: '/v1/banking',
  energy: '/v1/energy',
  common: '/v1/common',
  fdx: '/fdx/v6',
  products: '/v1/data-provider',
};
