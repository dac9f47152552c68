/**
 * Who an account belongs to, from the parties Transact lists on it (getAccounts'
 * `customerDetails`: customer id, role, names, emails). A party whose role names an owner, a
 * holder, a joint or primary party (or says nothing) holds the account; any other role (an
 * authorised signatory, a power of attorney, a guarantor) is a user who does not hold it.
 *
 * - `complexAccountType`: JOINT with two holders or more, else INDIVIDUAL. The account list does
 *   not say whether a party is a person or an organisation, so an organisation's account is the
 *   organisation customer's own, one party (INDIVIDUAL), rather than a guess.
 * - `users`: every party with an email address (a related user needs one), the customer's own
 *   parties too.
 */
import type {
  AccountOwnership,
  ComplexAccountType,
  RelatedUser,
} from '@data-holder-gateway/adapter-sdk';
import type { TemenosAccount, TemenosAccountParty } from './temenos.types';
import { present } from './values';

/** A party of the account with its customer id. */
export interface AccountParty {
  customerId: string;
  holds: boolean;
  email?: string;
}

const HOLDER_ROLE = /owner|holder|joint|primary/i;

function holds(party: TemenosAccountParty): boolean {
  const role = present(party.customerRole) ?? present(party.roleDisplayName);
  return role === undefined || HOLDER_ROLE.test(role);
}

/** The parties of an account, each once; its own customer alone when it lists none. */
export function partiesOf(account: TemenosAccount): AccountParty[] {
  const parties = new Map<string, AccountParty>();
  for (const party of account.customerDetails ?? []) {
    const customerId = present(party.customer);
    if (customerId === undefined || parties.has(customerId)) continue;
    const email = (party.emails ?? []).map((e) => present(e.email)).find((e) => e !== undefined);
    parties.set(customerId, { customerId, holds: holds(party), ...(email ? { email } : {}) });
  }
  const owner = present(account.customerId);
  if (parties.size === 0 && owner !== undefined) {
    parties.set(owner, { customerId: owner, holds: true });
  }
  return [...parties.values()];
}

/** Whether the customer is a party of the account (only then is it the customer's). */
export function isPartyOf(account: TemenosAccount, customerId: string): boolean {
  return (
    present(account.customerId) === customerId ||
    partiesOf(account).some((p) => p.customerId === customerId)
  );
}

/** How the account is held, as its records say it. */
export interface Ownership {
  complexAccountType: ComplexAccountType;
  accountOwnership: AccountOwnership;
  isOwned: boolean;
  users: RelatedUser[];
}

export function ownershipOf(account: TemenosAccount, customerId: string): Ownership {
  const parties = partiesOf(account);
  const holders = parties.filter((p) => p.holds);
  const count = holders.length;
  return {
    complexAccountType: count > 1 ? 'JOINT' : 'INDIVIDUAL',
    accountOwnership: count > 2 ? 'MANY_PARTY' : count === 2 ? 'TWO_PARTY' : 'ONE_PARTY',
    isOwned:
      holders.some((p) => p.customerId === customerId) ||
      (parties.length === 0 && present(account.customerId) === customerId),
    users: parties.flatMap((p) =>
      p.email ? [{ id: p.customerId, email: p.email, isAccountHolder: p.holds }] : [],
    ),
  };
}
