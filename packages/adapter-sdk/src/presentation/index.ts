/**
 * How the gateway presents adapter records as documented resources. The gateway's endpoints and
 * the contract suite both use these, so the suite checks exactly what a caller is served.
 */
export { presentBankingAccount } from './banking-account';
export { toBankingAccountV3 } from './banking-account-v3';
export { presentEnergyAccount } from './energy-account';
export { presentShareableAccount } from './shareable-account';
