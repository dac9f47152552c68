/**
 * The gateway variables that point the Temenos adapter at a running simulator: its origin,
 * company and Basic login, how its categories read (the business loan is a business loan, not
 * the default ranges' personal one) and which relation names a company's contact person (the
 * bakery's signatory, code 71), so a search by the contact's email finds the company too.
 */
import { TEMENOS_RELATION_CODES } from './catalogue';
import type { TemenosSimulator } from './simulator';

export function temenosGatewaySettings(sim: TemenosSimulator): [string, string][] {
  return [
    ['CORE_ADAPTER', 'temenos'],
    ['TEMENOS_BASE_URL', sim.url],
    ['TEMENOS_COMPANY_ID', sim.login.companyId],
    ['TEMENOS_USERNAME', sim.login.username],
    ['TEMENOS_PASSWORD', sim.login.password],
    [
      'TEMENOS_PRODUCT_CATEGORIES',
      JSON.stringify({
        '1001': 'TRANS_AND_SAVINGS_ACCOUNTS',
        '1002': 'TRANS_AND_SAVINGS_ACCOUNTS',
        '6001': 'TRANS_AND_SAVINGS_ACCOUNTS',
        '6601': 'TERM_DEPOSITS',
        '3001': 'PERS_LOANS',
        '3100': 'BUSINESS_LOANS',
      }),
    ],
    ['TEMENOS_CONTACT_RELATION_CODES', JSON.stringify([String(TEMENOS_RELATION_CODES.signatory)])],
  ];
}
