/**
 * The OpenAPI document's prose: a description of every operation, by operation id, and of every
 * path parameter, by name, summing up docs/api.md for a reader of the document alone. Query
 * parameters carry their own (contracts/requests.json, the FDX and platform routes).
 * test/component/openapi-document.test.ts fails on an operation or parameter without one.
 */

/** What every holder operation shares, said once at the end of each of their descriptions. */
const HOLDER =
  'Needs the platform holder token signed for this path (aud = base URL + path, single-use jti).';
const FDX =
  'FDX error bodies ({ code, message, debugMessage }); a RESTRICTED account answers 200 with an empty body.';
const SPECIFIC =
  'The body names the accounts ({"data":{"accountIds":[...]}}, 1 to 1000 ids); each must be the customer\'s, else 404 Account in query not found (or 422 with BODY_ID_NOT_FOUND_STATUS=422).';

export const OPERATION_DESCRIPTIONS: Readonly<Record<string, string>> = {
  listShareableAccounts: `The accounts the customer can choose to share: every banking account, then every energy account, each in its core's order; blocked and suspended accounts are left out. With several cores it is never partial: 503 while one cannot answer. ${HOLDER}`,
  getCustomerDetail: `The customer's name, contact points and, for a business, the organisation. ${HOLDER}`,
  searchCustomers: `Consent flow: every customer the email address of the body belongs to, as owner or as authorised contact, compared case-insensitively after trimming. No match is 200 with an empty list; at most CUSTOMER_SEARCH_MAX_IN_FLIGHT searches at once (then 429 with Retry-After). ${HOLDER}`,
  getCustomerIdentity: `Consent flow: the customer's identity as OpenID Connect claims (email, names, phone, address). 422 Customer cannot be identified when the core holds no email address for them. ${HOLDER}`,
  listBankingAccounts: `Deprecated in favour of the authorisation list (Deprecation and Link headers): the customer's banking accounts, filtered and paged; refused accounts are left out. ${HOLDER}`,
  listSpecificBankingAccounts: `The detail of the body's banking accounts (version 4, or 3 with BANKING_ACCOUNT_DETAIL_VERSION=3), narrowed by the query filters, in the core's order. ${SPECIFIC} ${HOLDER}`,
  getBankingAccount: `One banking account's detail: the record the specific-accounts request gives for it. A path account that is not the customer's is 404 Account not found. ${HOLDER}`,
  listBalances: `Balances of the body's accounts, narrowed by the query filters. ${SPECIFIC} ${HOLDER}`,
  listBankingTransactions: `Transactions of one account whose effective time (posting, else execution) is in the window, newest first, filtered by amount range and text. The window defaults to the 12 months up to now; the links keep it. ${HOLDER}`,
  getBankingTransaction: `One transaction of the account with its extended data (payer or payee, NPP payload); 404 Transaction not found when it is not one of the account's. ${HOLDER}`,
  listInstalmentPlans: `Instalment plans of the body's accounts in plan-status, newest creationDate first; 404 resource not implemented when an account's type has none. ${SPECIFIC} ${HOLDER}`,
  listInstalmentPlansForAccount: `Instalment plans of one account in plan-status, newest creationDate first. ${HOLDER}`,
  listDirectDebits: `Direct debit authorisations of the body's accounts, in the core's order. ${SPECIFIC} ${HOLDER}`,
  listScheduledPaymentsForAccount: `Scheduled payments of one account, in the core's order. ${HOLDER}`,
  listScheduledPayments: `Scheduled payments of the body's accounts, narrowed by the query filters. ${SPECIFIC} ${HOLDER}`,
  listPayees: `The customer's saved payees, of one type or all. ${HOLDER}`,
  listEnergyAccounts: `Deprecated in favour of the authorisation list (Deprecation and Link headers): the customer's energy accounts, filtered by open-status and paged. ${HOLDER}`,
  listSpecificEnergyAccounts: `The body's energy accounts, narrowed by open-status. ${SPECIFIC} ${HOLDER}`,
  getEnergyAccount: `One energy account: the record the specific-accounts request gives for it. ${HOLDER}`,
  getEnergyAccountBalance: `One energy account's balance: positive when the customer owes the retailer, negative when in credit; 404 resource not implemented when the core keeps none. ${HOLDER}`,
  listEnergyInvoices: `Invoices of the body's accounts issued in the date window (default the 24 months up to today, UTC), merged newest issueDate first. ${SPECIFIC} ${HOLDER}`,
  listEnergyInvoicesForAccount: `Invoices of one energy account issued in the date window, newest issueDate first. ${HOLDER}`,
  listEnergyConcessions: `Concessions of one energy account. ${HOLDER}`,
  listFdxAccounts: `FDX descriptors of the body's accounts in the core's order, limit a page, page.nextOffset while more follow; every id must be the customer's (else 404 code 701). ${FDX} ${HOLDER}`,
  getFdxAccount: `One account in FDX's shape: balances for a deposit, what is owed and the loan terms for a loan, owed and available credit for a line of credit. ${FDX} ${HOLDER}`,
  getFdxAccountContact: `The account's holders (the customer first), their email addresses, postal addresses and telephones; never cached. ${FDX} ${HOLDER}`,
  listFdxPaymentNetworks: `The payment networks FDX names that reach the account; an Australian account has none (an empty list); a closed account is 409 code 705. ${FDX} ${HOLDER}`,
  listFdxTransactions: `Transactions posted from startTime to endTime (whole UTC days), newest first; repeat with offset = page.nextOffset while it is present. ${FDX} ${HOLDER}`,
  listFdxStatements: `Statements dated in the window, newest first, each with the link of its PDF. ${FDX} ${HOLDER}`,
  getFdxStatementDocument: `The statement's PDF, streamed from the core as it arrives (Content-Length when the core gives it). ${FDX} ${HOLDER}`,
  listFdxAssetTransferNetworks: `The asset transfer networks of the account; page only while a next page follows; a closed account is 409 code 705. ${FDX} ${HOLDER}`,
  createPlatformToken:
    'Client credentials grant: a client id and secret (JSON, a form, or HTTP Basic with a form) for an ES256 access token valid 900 seconds, carrying the scopes the client holds. Rate limited per client and per source address.',
  listProducts:
    'Product records in product_id order, a page at a time: repeat with the answer\'s cursor until it is "". Needs a platform token with the read scope.',
  createProduct:
    'Adds a product record (last_updated defaults to now); 409 when its product_id exists. Needs a platform token with the write scope.',
  updateProduct:
    "Replaces a product record; the body's product_id must be the path's. Needs a platform token with the write scope.",
  deleteProduct: 'Removes a product record. Needs a platform token with the write scope.',
};

/** Path parameters, by name. */
export const PATH_PARAMETER_DESCRIPTIONS: Readonly<Record<string, string>> = {
  customerId:
    "The customer's id in the holder's core (at most 256 characters); unknown: 404 Customer not found.",
  accountId:
    "One of the customer's accounts (at most 256 characters); another customer's or an unknown one: 404 Account not found (FDX code 701).",
  transactionId:
    'One transaction of the account (at most 256 characters); else 404 Transaction not found.',
  statementId:
    'One statement of the account, as its listing links it (at most 256 characters); else 404 Statement not found.',
  product_id: 'The product record (at most 256 characters); unknown: 404 not_found.',
};
