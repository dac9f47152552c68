/**
 * Entries of Transact's customer search (getCustomerInformation) as the consent flow reads them:
 * whether an entry owns an email address, and who acts for it.
 *
 * - An entry owns an address when one of its own emails (its contact details' emails, or a
 *   contact of an email type) is that address, ignoring case and surrounding spaces: the core's
 *   filter finds candidates, this decides.
 * - Authorised contacts: a customer names the people related to it (`relCust`: their customer
 *   id, relation code, email and phone). Only the relation codes the holder configures as "acts
 *   for this customer" count: a relation such as a spouse never opens a customer to the person.
 */
import type { ContactPerson } from './identity.mapper';
import type { TemenosCustomerEntry, TemenosRelatedCustomer } from './temenos.types';
import { present } from './values';

/** An address as compared: trimmed and lower-cased. */
export function normalisedAddress(address: string | undefined): string {
  return address?.trim().toLowerCase() ?? '';
}

/** The entry's own email addresses. */
export function entryEmails(entry: TemenosCustomerEntry): string[] {
  return (entry.contactDetails ?? []).flatMap((details) => [
    ...(details.emails ?? []).flatMap((e) => present(e.email) ?? []),
    ...(details.Contacts ?? [])
      .filter((c) => /mail/i.test(c.contactType ?? ''))
      .flatMap((c) => present(c.contactData) ?? []),
  ]);
}

/** Whether the entry's own emails hold the (normalised) address. */
export function ownsAddress(entry: TemenosCustomerEntry, address: string): boolean {
  return entryEmails(entry).some((e) => normalisedAddress(e) === address);
}

function acts(related: TemenosRelatedCustomer, codes: ReadonlySet<string>): boolean {
  const code = present(related.relationshipCode);
  return code !== undefined && codes.has(code);
}

/** Whether the entry names `personId` as someone who acts for it. */
export function namesContact(
  entry: TemenosCustomerEntry,
  personId: string,
  codes: ReadonlySet<string>,
): boolean {
  return (entry.relCust ?? []).some((r) => present(r.relCustomer) === personId && acts(r, codes));
}

/** The people who act for the entry, in its order (its related customers of those codes). */
export function actingFor(
  entry: TemenosCustomerEntry,
  codes: ReadonlySet<string>,
): TemenosRelatedCustomer[] {
  return (entry.relCust ?? []).filter((r) => acts(r, codes));
}

/** How to reach a related customer as the entry records it; undefined without an email. */
export function contactOf(related: TemenosRelatedCustomer): ContactPerson | undefined {
  const email = present(related.relCustomerEmail);
  if (email === undefined) return undefined;
  const phone = present(related.relCustomerPhoneNumber);
  return { email, ...(phone ? { phone } : {}) };
}
