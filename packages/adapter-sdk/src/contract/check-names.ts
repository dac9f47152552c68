/**
 * The names of the contract checks that tally what they checked (coverage.ts ends a suite with a
 * check that each one expected ran and counted more than zero).
 */

/** The checks that tally what they checked, by the method or the rule they check. */
export const CONTRACT_CHECKS = [
  'customer.searchCustomersByEmail',
  'customer.searchCustomersByEmail(nobody)',
  'customer.getCustomerIdentity',
  'customer.getCustomerIdentity(unknown customer)',
  'banking.listAccountsById',
  'banking.listAccountRefs',
  'banking.listTransactions',
  'banking.listTransactions(paging)',
  'banking.listTransactions(textIgnored)',
  'banking.listTransactions(window)',
  'banking.listTransactions(amounts)',
  'banking.listTransactions(text)',
  'banking.listTransactions(unknown customer)',
  'banking.getTransaction',
  'banking.getTransaction(unknown customer)',
  'banking.transactions(isolation)',
  'energy.listAccountsById',
  'energy.listAccountRefs',
  'energy.listAccountRefsForInvoices',
  'energy.getAccountBalance',
  'energy.getAccountBalance(unknown customer)',
  'fdx.listAccountDescriptors',
  'fdx.listAccountDescriptors(unknown customer)',
  'fdx.getAccountDetail',
  'fdx.getAccountDetail(unknown customer)',
  'fdx.getAccountContact',
  'fdx.getAccountContact(unknown customer)',
  'fdx.listPaymentNetworks',
  'fdx.listPaymentNetworks(unknown customer)',
  'fdx.accounts(isolation)',
  'refusals(reasons)',
  'refusals(fixture accounts)',
  'refusals(harm)',
] as const;

/** A check that tallies what it checked. */
export type ContractCheck = (typeof CONTRACT_CHECKS)[number];
